import type { Db } from '../../src/server/db/client.ts';
import { ritualSessionCheckInTexts, ritualSessionPosts, ritualSessionThreads, ritualSessionUsers, ritualSessions } from '../../src/server/db/schema/index.ts';
import type { NewUser, RitualSession, RitualSessionPost, RitualSessionThread, RoomPostCategory } from '../../src/server/db/schema/index.ts';
import { signedInMember } from './square-factories.ts';

const DAY_MS = 86_400_000;

/** A room (session without a ritual) running from `startsAt` to `endsAt`; by default it started two days ago and runs two more weeks. */
export async function createRoom(db: Db, span: { startsAt?: Date; endsAt?: Date } = {}): Promise<RitualSession> {
  const now = Date.now();
  const [session] = await db
    .insert(ritualSessions)
    .values({
      title: '12월 아침 10분 명상',
      startsAt: span.startsAt ?? new Date(now - 2 * DAY_MS),
      endsAt: span.endsAt ?? new Date(now + 14 * DAY_MS),
      capacity: 20,
    })
    .returning();
  return session!;
}

/** A signed-in member seated in `room` as host or member. */
export async function roomMember(db: Db, room: { id: number }, role: 'host' | 'member' = 'member', overrides: Partial<NewUser> = {}) {
  const member = await signedInMember(db, overrides);
  await db.insert(ritualSessionUsers).values({ ritualSessionId: room.id, userId: member.user.id, role });
  return member;
}

/** A room with its host and two members, each signed in on their own client. */
export async function roomWithMembers(db: Db, span: { startsAt?: Date; endsAt?: Date } = {}) {
  const room = await createRoom(db, span);
  const host = await roomMember(db, room, 'host');
  const first = await roomMember(db, room);
  const second = await roomMember(db, room);
  const outsider = await signedInMember(db);
  return { room, host, first, second, outsider };
}

export async function createRoomPost(
  db: Db,
  room: { id: number },
  author: { id: number },
  overrides: Partial<typeof ritualSessionPosts.$inferInsert> & { category?: RoomPostCategory } = {},
): Promise<RitualSessionPost> {
  const [post] = await db
    .insert(ritualSessionPosts)
    .values({
      ritualSessionId: room.id,
      userId: author.id,
      category: 'wakeup',
      contentHtml: '<p>6시에 일어났어요.</p>',
      excerpt: '6시에 일어났어요.',
      ...overrides,
    })
    .returning();
  return post!;
}

export async function createRoomThread(db: Db, room: { id: number }, author: { id: number }): Promise<RitualSessionThread> {
  const [thread] = await db
    .insert(ritualSessionThreads)
    .values({ ritualSessionId: room.id, userId: author.id, title: '명상 앱 추천해 주세요', contentHtml: '<p>어떤 앱 쓰세요?</p>', excerpt: '어떤 앱 쓰세요?' })
    .returning();
  return thread!;
}

export async function createCheckInText(db: Db, text = '오늘도 해냈어요') {
  const [row] = await db.insert(ritualSessionCheckInTexts).values({ text }).returning();
  return row!;
}
