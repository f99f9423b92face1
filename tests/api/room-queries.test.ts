import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRoomHome } from '../../src/server/modules/rooms/page-data.ts';
import { ROOM_POST_CATEGORIES } from '../../src/lib/rooms.ts';
import type { RoomTab } from '../../src/lib/rooms.ts';
import type { Db } from '../../src/server/db/client.ts';
import { commentLikes, comments, notifications, reactions, ritualSessionUsers, saves } from '../../src/server/db/schema/index.ts';
import type { RitualSession, User } from '../../src/server/db/schema/index.ts';
import { findRoomPost, ROOM_POST_MODEL } from '../../src/server/modules/rooms/posts.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import type { QueryCounter, Statement } from '../helpers/query-counter.ts';
import { createRoom, createRoomPost, createRoomThread } from '../helpers/room-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

// What a room page or call sends to the database must not grow with the room: a room of 20
// members with 60 posts and a post with 30 comments costs what one of 3 members, 3 posts and a
// post with 2 comments costs. The bench holds the speed; this holds the shape.

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
const MINUTE_MS = 60_000;

interface RoomUnderTest {
  room: RitualSession;
  members: User[];
  /** Another member's post, with its comments, likes and reactions. */
  postId: number;
  comments: number;
  /** A member who is not the post's author, reading through `client`. */
  reader: User;
  client: TestClient;
}

let counter: QueryCounter;
let small: RoomUnderTest;
let large: RoomUnderTest;

async function buildRoom(memberCount: number, postCount: number, commentCount: number, threadCount: number): Promise<RoomUnderTest> {
  const room = await createRoom(db());
  const members: User[] = [];
  for (let index = 0; index < memberCount; index++) members.push(await createMember(db()));
  await db()
    .insert(ritualSessionUsers)
    .values(members.map((member, index) => ({ ritualSessionId: room.id, userId: member.id, role: index === 0 ? ('host' as const) : ('member' as const) })));
  const started = Date.now() - postCount * MINUTE_MS;
  const postIds: number[] = [];
  for (let index = 0; index < postCount; index++) {
    const category = index % 10 === 0 ? 'notice' : ROOM_POST_CATEGORIES[1 + (index % (ROOM_POST_CATEGORIES.length - 1))]!;
    const author = category === 'notice' ? members[0]! : members[index % members.length]!;
    const post = await createRoomPost(db(), room, author, { category, createdAt: new Date(started + index * MINUTE_MS), isPublic: index % 4 === 0 });
    postIds.push(post.id);
  }
  for (let index = 0; index < threadCount; index++) await createRoomThread(db(), room, members[index % members.length]!);
  const postId = postIds[1]!;
  const author = postIds.length > 1 ? members[1 % members.length]! : members[0]!;
  const reader = members.find((member) => member.id !== author.id)!;
  await db()
    .insert(reactions)
    .values(postIds.flatMap((id) => members.slice(0, 3).map((member) => ({ modelType: ROOM_POST_MODEL, modelId: id, userId: member.id, reactionType: 'cheer' as const }))));
  await db().insert(saves).values(postIds.map((id) => ({ modelType: ROOM_POST_MODEL, modelId: id, userId: reader.id })));
  const top = await db()
    .insert(comments)
    .values(
      Array.from({ length: Math.ceil(commentCount / 2) }, (_, index) => ({
        modelType: ROOM_POST_MODEL,
        modelId: postId,
        userId: members[index % members.length]!.id,
        content: `댓글 ${index + 1}`,
      })),
    )
    .returning({ id: comments.id });
  const replies = await db()
    .insert(comments)
    .values(
      Array.from({ length: commentCount - top.length }, (_, index) => ({
        modelType: ROOM_POST_MODEL,
        modelId: postId,
        userId: members[(index + 1) % members.length]!.id,
        parentId: top[index % top.length]!.id,
        content: `답글 ${index + 1}`,
      })),
    )
    .returning({ id: comments.id });
  await db()
    .insert(commentLikes)
    .values([...top, ...replies].flatMap((comment) => members.slice(0, 2).map((member) => ({ commentId: comment.id, userId: member.id }))));

  const client = createTestApp(counter.db).client();
  const { token } = await createSession(db(), { userId: reader.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  client.cookies.set('session', token);
  return { room, members, postId, comments: commentCount, reader, client };
}

beforeAll(async () => {
  counter = countQueries(db(), testDb().kind);
  small = await buildRoom(3, 3, 2, 1);
  large = await buildRoom(20, 60, 30, 8);
});

const shown = (statements: Statement[]) => statements.map((statement) => statement.sql).join('\n');
/** Both rooms' statements, so that a count that differs says which statement the other room lacked. */
const compared = (many: Statement[], few: Statement[]) => `large room:\n${shown(many)}\n\nsmall room:\n${shown(few)}`;

/**
 * The statements of `work`'s second run, the first having warmed what is done once. A session's
 * touch is left out: it comes once a minute whatever the room's size, so on a slow machine it fell
 * in one room's count and not the other's.
 */
async function statementsOf(work: () => Promise<void>): Promise<Statement[]> {
  await work();
  return (await counter.during(work)).filter((statement) => !statement.sql.startsWith('update "sessions"'));
}

async function homeStatements(room: RoomUnderTest, tab: RoomTab): Promise<Statement[]> {
  return statementsOf(async () => {
    const loaded = await loadRoomHome(counter.db, room.reader, room.room.id, tab, null, new Date());
    expect(loaded.status).toBe(200);
    if (loaded.status !== 200) return;
    expect(loaded.value.members).toHaveLength(room.members.length);
    expect(loaded.value.page.items.length).toBeGreaterThan(0);
  });
}

async function apiStatements(room: RoomUnderTest, path: (room: RoomUnderTest) => string): Promise<Statement[]> {
  return statementsOf(async () => {
    const res = await room.client.get(path(room));
    expect(res.status, res.text).toBe(200);
  });
}

describe('SQL statements per room request', () => {
  for (const tab of ['check', 'notice'] as const) {
    it(`the room home's loader (${tab}): 20 members and 60 posts cost what 3 and 3 cost`, async () => {
      const few = await homeStatements(small, tab);
      const many = await homeStatements(large, tab);
      expect(few.length).toBeGreaterThan(0);
      expect(many.length, compared(many, few)).toBe(few.length);
    });
  }

  it("a room post's loader: 30 comments cost what 2 cost", async () => {
    const post = (room: RoomUnderTest) =>
      statementsOf(async () => {
        const view = await findRoomPost(counter.db, room.reader, room.room.id, room.postId);
        expect(view.comments.reduce((sum, comment) => sum + 1 + comment.replies.length, 0)).toBe(room.comments);
      });
    const few = await post(small);
    const many = await post(large);
    expect(few.length).toBeGreaterThan(0);
    expect(many.length, compared(many, few)).toBe(few.length);
  });

  it("a comment on a room post reads the post once, for the owner's notification and the mentions alike", async () => {
    const author = small.members.find((member) => member.id !== small.reader.id)!;
    const post = await createRoomPost(db(), small.room, author, { title: '새벽 기상' });
    const statements = await counter.during(async () => {
      const res = await small.client.post('/api/comments', {
        json: { model_type: ROOM_POST_MODEL, model_id: post.id, content: `@${author.nickname} 저도 일어났어요` },
      });
      expect(res.status, res.text).toBe(201);
    });
    const subjectReads = statements.filter((statement) => /"excerpt".* from "ritual_session_posts"/.test(statement.sql));
    expect(subjectReads, shown(statements)).toHaveLength(1);
    const told = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(told.map((row) => row.type)).toEqual(['mention']);
  });

  const calls: Array<[string, (room: RoomUnderTest) => string]> = [
    ['the room', (room) => `/api/ritual-sessions/${room.room.id}`],
    ['its members', (room) => `/api/ritual-sessions/${room.room.id}/info`],
    ['the records feed', (room) => `/api/ritual-sessions/${room.room.id}/posts?category=check`],
    ['the notices', (room) => `/api/ritual-sessions/${room.room.id}/posts?category=notice`],
    ['a post', (room) => `/api/ritual-sessions/${room.room.id}/posts/${room.postId}`],
    ['its readers', (room) => `/api/ritual-sessions/${room.room.id}/posts/${room.postId}/read-users`],
    ['the threads', (room) => `/api/ritual-sessions/${room.room.id}/threads`],
    ['the report', (room) => `/api/ritual-sessions/${room.room.id}/report`],
    ["a member's posts", (room) => `/api/ritual-session-posts/users/${room.members[0]!.id}`],
  ];
  for (const [name, path] of calls) {
    it(`GET ${name}: the same in a large room as in a small one`, async () => {
      const few = await apiStatements(small, path);
      const many = await apiStatements(large, path);
      expect(few.length).toBeGreaterThan(0);
      expect(many.length, compared(many, few)).toBe(few.length);
    });
  }
});
