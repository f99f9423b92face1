// /today as the member the page weight signs in (bench/lib/page-weight.ts): before the server
// starts, the bench checks on its database that the member has a running session, so that the
// page weighed and audited is the check-in board and not its empty state, and writes a session
// for Lighthouse, which cannot sign in through the form.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import type { RoomViewer } from '../../src/server/modules/rooms/service.ts';
import { listToday } from '../../src/server/modules/rooms/today.ts';
import { benchSessionCookie } from './bench-session.ts';
import { MEMBER } from './page-weight.ts';

/** How the page weight, Lighthouse and the goals name it (bench/targets.ts, bench/goals.ts). */
export const TODAY_PAGE_NAME = "member's /today";
export const TODAY_PATH = '/today';

export interface TodayBenchData {
  email: string;
  /** The running sessions /today shows the member: one card each. */
  runningSessions: number;
  /** The member's session cookie for Lighthouse; kept out of results.json. */
  cookie: string;
}

/**
 * The demo member hosts the seeded running session (src/server/db/seed/ritual-sessions.ts). If
 * the seed ever stops seating them, the bench stops here instead of measuring the empty page.
 */
export async function prepareTodayMember(dataDir: string): Promise<TodayBenchData> {
  const database = await openDatabase(`file://${dataDir}`);
  try {
    const { db } = database;
    const [member] = await queryRows<RoomViewer>(db, sql`select id, role from users where email = ${MEMBER.email}`);
    if (!member) throw new Error(`/today: the demo data has no ${MEMBER.email}`);
    const rooms = await listToday(db, member);
    if (rooms.length === 0) throw new Error(`/today: ${MEMBER.email} has no running session in the demo data, so /today would be its empty state`);
    return { email: MEMBER.email, runningSessions: rooms.length, cookie: await benchSessionCookie(db, member.id) };
  } finally {
    await database.close();
  }
}
