import type { Db } from '../../src/server/db/client.ts';
import { ritualSessionCheckIns, ritualSessionPosts, ritualSessions, ritualSessionUsers } from '../../src/server/db/schema/index.ts';
import type { RitualSession, RoomPostCategory } from '../../src/server/db/schema/index.ts';

/** A session (a room) with no ritual, from `startsAt` to `endsAt`. */
export async function createRoom(db: Db, startsAt: Date, endsAt: Date, title = '아침 10분 명상'): Promise<RitualSession> {
  const [session] = await db.insert(ritualSessions).values({ title, startsAt, endsAt }).returning();
  return session!;
}

export async function joinRoom(
  db: Db,
  sessionId: number,
  userId: number,
  role: 'host' | 'member' = 'member',
  sharesProgress = false,
): Promise<void> {
  await db.insert(ritualSessionUsers).values({ ritualSessionId: sessionId, userId, role, sharesProgress });
}

/** A stored room post, as the rooms' service would keep it, written at `createdAt`. */
export async function insertRoomPost(
  db: Db,
  sessionId: number,
  userId: number,
  createdAt: Date,
  category: RoomPostCategory = 'wakeup',
  overrides: Partial<typeof ritualSessionPosts.$inferInsert> = {},
) {
  const [post] = await db
    .insert(ritualSessionPosts)
    .values({
      ritualSessionId: sessionId,
      userId,
      category,
      contentHtml: '<p>오늘도 일어났어요.</p>',
      excerpt: '오늘도 일어났어요.',
      createdAt,
      updatedAt: createdAt,
      ...overrides,
    })
    .returning();
  return post!;
}

export async function insertCheckIn(db: Db, sessionId: number, userId: number, day: string): Promise<void> {
  await db.insert(ritualSessionCheckIns).values({ ritualSessionId: sessionId, userId, day });
}

const DAY_MS = 86_400_000;

/** Seoul midnight of `date` (YYYY-MM-DD) plus `hours`. */
export const seoulTime = (date: string, hours = 0, minutes = 0): Date =>
  new Date(Date.parse(`${date}T00:00:00+09:00`) + hours * 3_600_000 + minutes * 60_000);

/** The Seoul date `days` from today. */
export const seoulDateFromToday = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(Date.now() + days * DAY_MS));
