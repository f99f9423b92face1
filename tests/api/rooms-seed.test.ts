import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { ROOM_POST_CATEGORIES } from '../../src/lib/rooms.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

async function signedIn(username: string): Promise<TestClient> {
  const db = testDb().database.db;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const { token } = await createSession(db, { userId: user!.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db).client();
  client.cookies.set('session', token);
  return client;
}

let member2: TestClient;
let roomId: number;

beforeAll(async () => {
  await seedDemoData(testDb().database.db, { production: false });
  member2 = await signedIn('member2');
  const rooms = (await member2.get('/api/ritual-sessions/users/me')).body.data;
  roomId = rooms.find((room: { state: string }) => room.state === 'running').id;
});

describe('the demo room of members 1 to 3', () => {
  it('runs today with member1 as its host, and member2 has not checked in yet today', async () => {
    const room = (await member2.get(`/api/ritual-sessions/${roomId}`)).body.data;
    expect(room).toMatchObject({ state: 'running', role: 'member', members_count: 3, checked_in_today: false, can_check_in: true });
    const info = (await member2.get(`/api/ritual-sessions/${roomId}/info`)).body.data;
    expect(info.ritualSessionUsers.map((member: { username: string; role: string }) => `${member.username}:${member.role}`)).toEqual([
      'member1:host',
      'member2:member',
      'member3:member',
    ]);
    expect((await member2.get('/api/ritual-session-check-in-texts')).body.data).toHaveLength(6);
  });

  it('holds posts of every category with their counters, threads with answers, and a public post', async () => {
    const records = (await member2.get(`/api/ritual-sessions/${roomId}/posts?tab=check&per_page=50`)).body.data;
    const notices = (await member2.get(`/api/ritual-sessions/${roomId}/posts?tab=notice`)).body.data;
    expect(new Set([...records, ...notices].map((post: { category: string }) => post.category))).toEqual(new Set(ROOM_POST_CATEGORIES));
    expect(notices.length).toBeGreaterThanOrEqual(2);
    for (const post of records) expect(post).toMatchObject({ comments_count: 1, reactions_count: 2, reads_count: 2 });
    expect(records.some((post: { is_public: boolean }) => post.is_public)).toBe(true);
    const threads = (await member2.get(`/api/ritual-sessions/${roomId}/threads`)).body.data;
    expect(threads).toHaveLength(2);
    expect(threads.every((thread: { comments_count: number }) => thread.comments_count === 1)).toBe(true);
  });

  it('keeps member4 out of it', async () => {
    const member4 = await signedIn('member4');
    expect((await member4.get(`/api/ritual-sessions/${roomId}`)).status).toBe(403);
  });
});
