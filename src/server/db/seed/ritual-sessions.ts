import dayjs from 'dayjs';
import { inArray } from 'drizzle-orm';
import { TIME_ZONE } from '../../../lib/constants.ts';
import type { Db } from '../client.ts';
import { ritualSessions, ritualSessionUsers, users } from '../schema/index.ts';
import { seoulDay } from './pages.ts';

/** Members 1 to 3 share the running session (API-CONVENTIONS.md); 1, 2 and 4 did last month's. */
const CURRENT_MEMBERS = ['member1', 'member2', 'member3'];
const PAST_MEMBERS = ['member1', 'member2', 'member4'];

const monthOf = (date: Date): number => dayjs(date).tz(TIME_ZONE).month() + 1;

export interface SeededRitualSessions {
  currentId: number;
  pastId: number;
}

/**
 * A four-week session of `ritual` that started ten days ago in Seoul and so runs today whenever
 * the seed runs (member1 hosts it), and the four weeks before it, already over.
 */
export async function seedRitualSessions(
  db: Db,
  ritual: { ritualId: number; titleId: number },
  now = new Date(),
): Promise<SeededRitualSessions> {
  const currentStart = seoulDay(now, -10);
  const currentEnd = seoulDay(now, 18);
  const pastStart = seoulDay(now, -38);
  const pastEnd = seoulDay(now, -10);

  const [current, past] = await db
    .insert(ritualSessions)
    .values([
      {
        ritualId: ritual.ritualId,
        ritualSessionTitleId: ritual.titleId,
        title: `${monthOf(now)}월 아침 10분 명상`,
        startsAt: currentStart,
        endsAt: currentEnd,
        capacity: 12,
        price: 45_000,
        recruitStartsAt: seoulDay(now, -34, 10),
        recruitEndsAt: seoulDay(now, -13, 23, 59),
        createdAt: seoulDay(now, -20, 10),
      },
      {
        ritualId: ritual.ritualId,
        title: `${monthOf(pastStart)}월 아침 10분 명상`,
        startsAt: pastStart,
        endsAt: pastEnd,
        capacity: 12,
        price: 45_000,
        createdAt: seoulDay(now, -48, 10),
      },
    ])
    .returning({ id: ritualSessions.id });

  const members = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...new Set([...CURRENT_MEMBERS, ...PAST_MEMBERS])]));
  const idOf = new Map(members.map((member) => [member.username, member.id]));
  // The first of each list hosts the room (API-CONVENTIONS.md "Demo data"); the host takes no seat.
  const joined = (sessionId: number, usernames: string[], joinedAt: Date) =>
    usernames.flatMap((username, index) => {
      const userId = idOf.get(username);
      const role = index === 0 ? ('host' as const) : ('member' as const);
      return userId === undefined ? [] : [{ ritualSessionId: sessionId, userId, role, joinedAt }];
    });

  const rows = [
    ...joined(current!.id, CURRENT_MEMBERS, seoulDay(now, -14, 9)),
    ...joined(past!.id, PAST_MEMBERS, seoulDay(now, -42, 9)),
  ];
  if (rows.length > 0) await db.insert(ritualSessionUsers).values(rows);
  return { currentId: current!.id, pastId: past!.id };
}
