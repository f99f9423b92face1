import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { isSuspended } from '../users/suspension.ts';
import { keepAlive } from './service.ts';
import type { SessionPolicy } from './service.ts';

/**
 * The reads a signed-in browser makes on every page or every half minute (the bell's poll, the
 * cart badge) run before the session middleware: one statement reads the session, its member's
 * standing and the answer, instead of the middleware's statement and then the route's. These are
 * the columns such a statement takes of the session and the member, left-joined to the session.
 */
export const memberReadColumns = {
  session: { id: sessions.id, remember: sessions.remember, lastActivityAt: sessions.lastActivityAt },
  userId: users.id,
  userDeletedAt: users.deletedAt,
  userSuspendedUntil: users.suspendedUntil,
};

export interface MemberReadRow {
  session: { id: string; remember: boolean; lastActivityAt: Date };
  userId: number | null;
  userDeletedAt: Date | null;
  userSuspendedUntil: Date | null;
}

/** What such a read answers: nothing for a session that signs nobody in (a guest's, a deleted or suspended member's). */
export type MemberRead<T> = { userId: number; value: T } | { userId: null };

/** The member a live session's row signs in, with the answer; the session slides forward as on any request. */
export async function memberRead<T>(db: Db, row: MemberReadRow, value: T, policy: SessionPolicy, now: Date): Promise<MemberRead<T>> {
  await keepAlive(db, row.session, policy, now);
  if (row.userId === null || row.userDeletedAt !== null || isSuspended({ suspendedUntil: row.userSuspendedUntil }, now)) return { userId: null };
  return { userId: row.userId, value };
}
