import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { comments, ritualSessionUsers } from '../../src/server/db/schema/index.ts';
import type { RitualSession } from '../../src/server/db/schema/index.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { createRoom, insertCheckIn, insertRoomPost, joinRoom, seoulDateFromToday, seoulTime } from '../helpers/room-progress-factories.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

type Member = Awaited<ReturnType<typeof signedInMember>>;

const day = seoulDateFromToday;
let room: RitualSession;
let host: Member;
let me: Member;
let sharer: Member;
let quiet: Member;
let outsider: Member;
let guest: TestClient;

beforeAll(async () => {
  guest = createTestApp(db()).client();
  // Started four Seoul days ago, ends in ten: today is the fifth day.
  room = await createRoom(db(), seoulTime(day(-4)), seoulTime(day(10)));
  host = await signedInMember(db());
  me = await signedInMember(db());
  sharer = await signedInMember(db(), { nickname: '함께걷기' });
  quiet = await signedInMember(db(), { nickname: '조용한새벽' });
  outsider = await signedInMember(db());
  await joinRoom(db(), room.id, host.user.id, 'host');
  await joinRoom(db(), room.id, me.user.id);
  await joinRoom(db(), room.id, sharer.user.id, 'member', true);
  await joinRoom(db(), room.id, quiet.user.id);

  // Mine: check-ins on days 1 and 2; a post at 23:59 on day 3 and another at 00:01 on day 4 (two days).
  await insertCheckIn(db(), room.id, me.user.id, day(-4));
  await insertCheckIn(db(), room.id, me.user.id, day(-3));
  await insertRoomPost(db(), room.id, me.user.id, seoulTime(day(-2), 23, 59), 'wakeup');
  await insertRoomPost(db(), room.id, me.user.id, seoulTime(day(-1), 0, 1), 'retrospect');
  // A second record the same day counts that day once.
  await insertRoomPost(db(), room.id, me.user.id, seoulTime(day(-1), 9), 'inspiration');
  // The host's notice is no record.
  await insertRoomPost(db(), room.id, host.user.id, seoulTime(day(-4), 8), 'notice');
  await insertCheckIn(db(), room.id, sharer.user.id, day(-4));
  await insertCheckIn(db(), room.id, quiet.user.id, day(-4));
  await insertCheckIn(db(), room.id, quiet.user.id, day(-3));
  // Before the session began: not a day of it.
  await insertRoomPost(db(), room.id, quiet.user.id, seoulTime(day(-6), 12), 'ritual_goal');
});

describe('GET /api/ritual-sessions/{id}/report', () => {
  it("counts the member's Seoul days done: a post at 23:59 and one at 00:01 are two days", async () => {
    const res = await me.client.get(`/api/ritual-sessions/${room.id}/report`);
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report.today).toBe(day(0));
    expect(report.days).toHaveLength(14);
    expect(report.days[0]).toBe(day(-4));
    expect(report.days.at(-1)).toBe(day(9));
    expect(report.days_elapsed).toBe(5);
    expect(report.days_done).toEqual([day(-4), day(-3), day(-2), day(-1)]);
    expect(report.completion_rate).toBe(80);
    // Today is not over: the run up to yesterday still counts.
    expect(report.streaks).toEqual({ current: 4, best: 4 });
    expect(report.posts_by_category).toEqual({
      notice: 0,
      wakeup: 1,
      ritual_goal: 0,
      weekly_goal: 0,
      inspiration: 1,
      retrospect: 1,
    });
    expect(report.room_posts_by_category).toMatchObject({
      notice: 1,
      wakeup: 1,
      ritual_goal: 1,
    });
    expect(report.shares_progress).toBe(false);
  });

  it('lists every member by rate, and names only those who share (and the reader)', async () => {
    const { members, room_completion_rate: roomRate } = (await me.client.get(`/api/ritual-sessions/${room.id}/report`)).body.data;
    expect(members.map((m: { completion_rate: number }) => m.completion_rate)).toEqual([80, 40, 20]);
    expect(members[0]).toMatchObject({
      is_me: true,
      days_done: 4,
      user: { id: me.user.id },
    });
    // quiet did two days and does not share: a rate, no name.
    expect(members[1]).toEqual({
      completion_rate: 40,
      days_done: 2,
      is_me: false,
      user: null,
    });
    expect(members[2]).toMatchObject({
      completion_rate: 20,
      user: { nickname: '함께걷기', username: sharer.user.username },
    });
    expect(JSON.stringify(members)).not.toContain('조용한새벽');
    // The host takes no seat: three members, 7 days done of 15.
    expect(roomRate).toBe(46);
  });

  it('answers in a fixed number of queries, whatever the number of members', async () => {
    const counter = countQueries(db(), testDb().kind);
    const { roomReport } = await import('../../src/server/modules/room-progress/service.ts');
    const statements = await counter.during(() => roomReport(counter.db, me.user, room.id));
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it('refuses a non-member (403), a guest (401), and knows no unknown room (404)', async () => {
    expect((await outsider.client.get(`/api/ritual-sessions/${room.id}/report`)).status).toBe(403);
    expect((await guest.get(`/api/ritual-sessions/${room.id}/report`)).status).toBe(401);
    const missing = await me.client.get('/api/ritual-sessions/999999/report');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('리추얼 방을 찾을 수 없습니다.');
    expect((await me.client.get('/api/ritual-sessions/abc/report')).status).toBe(404);
  });

  it('lets staff read a room they are not in', async () => {
    const staff = await signedInMember(db(), { role: 'staff' });
    const res = await staff.client.get(`/api/ritual-sessions/${room.id}/report`);
    expect(res.status).toBe(200);
    expect(res.body.data.days_done).toEqual([]);
  });
});

describe('PUT /api/ritual-sessions/{id}/share-progress', () => {
  it("names the member in the room's list once they choose to, and not after they stop", async () => {
    const on = await quiet.client.post(`/api/ritual-sessions/${room.id}/share-progress`, {
      json: { _method: 'PUT', shares_progress: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ shares_progress: true });
    let members = (await me.client.get(`/api/ritual-sessions/${room.id}/report`)).body.data.members;
    expect(members[1].user).toMatchObject({ nickname: '조용한새벽' });
    expect((await quiet.client.get(`/api/ritual-sessions/${room.id}/report`)).body.data.shares_progress).toBe(true);

    const off = await quiet.client.post(`/api/ritual-sessions/${room.id}/share-progress`, {
      form: { _method: 'PUT', shares_progress: '0' },
    });
    expect(off.body.data).toEqual({ shares_progress: false });
    members = (await me.client.get(`/api/ritual-sessions/${room.id}/report`)).body.data.members;
    expect(members[1].user).toBeNull();
  });

  it('refuses a bad value (422, nothing changed), a non-member or staff outside the room (403) and a guest (401)', async () => {
    const bad = await me.client.post(`/api/ritual-sessions/${room.id}/share-progress`, {
      json: { _method: 'PUT', shares_progress: 'maybe' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.shares_progress).toEqual(['내 완료율 공개 여부는 예 또는 아니요로 보내 주세요.']);
    const [row] = await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.userId, me.user.id));
    expect(row!.sharesProgress).toBe(false);
    const body = { json: { _method: 'PUT', shares_progress: true } };
    expect((await outsider.client.post(`/api/ritual-sessions/${room.id}/share-progress`, body)).status).toBe(403);
    const staff = await signedInMember(db(), { role: 'staff' });
    expect((await staff.client.post(`/api/ritual-sessions/${room.id}/share-progress`, body)).status).toBe(403);
    expect((await guest.post(`/api/ritual-sessions/${room.id}/share-progress`, body)).status).toBe(401);
  });
});

describe('my checks in a room', () => {
  it("lists the member's own record days with their posts and check-ins", async () => {
    const res = await me.client.get(`/api/ritual-sessions/${room.id}/posts/my-checks`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { date: day(-4), count: 0, checked_in: true },
      { date: day(-3), count: 0, checked_in: true },
      { date: day(-2), count: 1, checked_in: false },
      { date: day(-1), count: 2, checked_in: false },
    ]);
  });

  it("lists the member's own comment days in the room", async () => {
    const post = await insertRoomPost(db(), room.id, sharer.user.id, seoulTime(day(-1), 7));
    await db()
      .insert(comments)
      .values([
        {
          modelType: 'ritual_session_post',
          modelId: post.id,
          userId: me.user.id,
          content: '응원해요',
          createdAt: seoulTime(day(-1), 23, 59),
        },
        {
          modelType: 'ritual_session_post',
          modelId: post.id,
          userId: me.user.id,
          content: '저도요',
          createdAt: seoulTime(day(0), 0, 1),
        },
        {
          modelType: 'ritual_session_post',
          modelId: post.id,
          userId: sharer.user.id,
          content: '고마워요',
          createdAt: seoulTime(day(0), 1),
        },
      ]);
    const res = await me.client.get(`/api/ritual-sessions/${room.id}/comments/my-checks`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { date: day(-1), count: 1 },
      { date: day(0), count: 1 },
    ]);
  });

  it('refuses a non-member (403) and a guest (401) on both', async () => {
    for (const path of ['posts/my-checks', 'comments/my-checks']) {
      expect((await outsider.client.get(`/api/ritual-sessions/${room.id}/${path}`)).status).toBe(403);
      expect((await guest.get(`/api/ritual-sessions/${room.id}/${path}`)).status).toBe(401);
      expect((await me.client.get(`/api/ritual-sessions/999999/${path}`)).status).toBe(404);
    }
  });
});

describe("the member's ritual life on /mypage", () => {
  it('counts sessions, days done, streaks, posts and room comments', async () => {
    const past = await createRoom(db(), seoulTime(day(-40)), seoulTime(day(-12)), '지난 달 명상');
    await joinRoom(db(), past.id, me.user.id);
    // Three days in a row, long ago: the best streak is still this room's four.
    for (const offset of [-30, -29, -28]) await insertCheckIn(db(), past.id, me.user.id, day(offset));
    const res = await me.client.get('/api/me/ritual-stats');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      sessions_joined: 2,
      sessions_running: 1,
      sessions_finished: 1,
      days_done: 7,
      current_streak: 4,
      best_streak: 4,
      posts_count: 3,
      comments_count: 2,
    });
    expect((await guest.get('/api/me/ritual-stats')).status).toBe(401);
  });

  it('gives the record counts per Seoul day of the last year, or of a year asked for', async () => {
    const res = await me.client.get('/api/me/ritual-session-posts-dates');
    expect(res.status).toBe(200);
    expect(res.body.meta.to).toBe(day(0));
    const counts = Object.fromEntries(res.body.data.map((row: { date: string; count: number }) => [row.date, row.count]));
    expect(counts[day(-2)]).toBe(1);
    expect(counts[day(-1)]).toBe(2);
    expect(counts[day(-4)]).toBe(1);
    expect(counts[day(-30)]).toBe(1);
    const year = Number(day(0).slice(0, 4));
    const ofYear = await me.client.get(`/api/me/ritual-session-posts-dates?year=${year}`);
    expect(ofYear.body.meta).toEqual({
      from: `${year}-01-01`,
      to: `${year}-12-31`,
    });
    expect(ofYear.body.data.every((row: { date: string }) => row.date.startsWith(String(year)))).toBe(true);
    expect((await me.client.get(`/api/me/ritual-session-posts-dates?year=${year - 10}`)).body.data).toEqual([]);
    const bad = await me.client.get('/api/me/ritual-session-posts-dates?year=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.year).toEqual(['연도는 2000부터 2100 사이의 숫자로 보내 주세요.']);
    expect((await guest.get('/api/me/ritual-session-posts-dates')).status).toBe(401);
  });

  it("lists the member's room comments newest first, a cursor page at a time", async () => {
    const first = await me.client.get('/api/me/ritual-session-comments?per_page=1');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      expect.objectContaining({
        content: '저도요',
        ritual_session_id: room.id,
        ritual_session_title: '아침 10분 명상',
        model_type: 'ritual_session_post',
      }),
    ]);
    expect(first.body.data[0].link).toMatch(new RegExp(`^/room/${room.id}/\\d+$`));
    const next = await me.client.get(`/api/me/ritual-session-comments?per_page=1&cursor=${first.body.meta.next_cursor}`);
    expect(next.body.data.map((c: { content: string }) => c.content)).toEqual(['응원해요']);
    expect(next.body.meta.next_cursor).toBeNull();
    expect((await me.client.get('/api/me/ritual-session-comments?cursor=nonsense')).status).toBe(422);
    expect((await me.client.get('/api/me/ritual-session-comments?per_page=500')).status).toBe(422);
    expect((await guest.get('/api/me/ritual-session-comments')).status).toBe(401);
    // Another member's list holds none of these.
    expect((await outsider.client.get('/api/me/ritual-session-comments')).body.data).toEqual([]);
  });
});

describe('GET /api/ritual-session-posts/users/{userId}', () => {
  it('shows a member the posts of rooms they share, plus public ones; others only the public ones', async () => {
    const other = await createRoom(db(), seoulTime(day(-4)), seoulTime(day(10)), '저녁 산책');
    await joinRoom(db(), other.id, me.user.id);
    const hidden = await insertRoomPost(db(), other.id, me.user.id, seoulTime(day(-1), 20), 'wakeup');
    const shown = await insertRoomPost(db(), other.id, me.user.id, seoulTime(day(-1), 21), 'retrospect', {
      isPublic: true,
      title: '공개 회고',
    });

    const own = await me.client.get(`/api/ritual-session-posts/users/${me.user.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(5);

    const roommate = await sharer.client.get(`/api/ritual-session-posts/users/${me.user.id}`);
    const ids = roommate.body.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).toHaveLength(4);
    expect(roommate.body.data[0]).toMatchObject({
      id: shown.id,
      category: 'retrospect',
      category_text: '회고',
      link: `/room/${other.id}/${shown.id}`,
    });

    const stranger = await outsider.client.get(`/api/ritual-session-posts/users/${me.user.id}`);
    expect(stranger.body.data.map((p: { id: number }) => p.id)).toEqual([shown.id]);
    const anyone = await guest.get(`/api/ritual-session-posts/users/${me.user.id}`);
    expect(anyone.status).toBe(200);
    expect(anyone.body.data.map((p: { id: number }) => p.id)).toEqual([shown.id]);
  });

  it('pages with a cursor, and answers 404 for nobody and 422 for a bad cursor', async () => {
    const first = await me.client.get(`/api/ritual-session-posts/users/${me.user.id}?per_page=2`);
    expect(first.body.data).toHaveLength(2);
    const second = await me.client.get(`/api/ritual-session-posts/users/${me.user.id}?per_page=2&cursor=${first.body.meta.next_cursor}`);
    expect(second.body.data[0].id).not.toBe(first.body.data[1].id);
    expect((await me.client.get('/api/ritual-session-posts/users/999999')).status).toBe(404);
    expect((await me.client.get('/api/ritual-session-posts/users/x')).status).toBe(404);
    expect((await me.client.get(`/api/ritual-session-posts/users/${me.user.id}?cursor=bad`)).status).toBe(422);
  });
});

describe('a member’s completion on the room home and their page in the room', () => {
  it('counts the Seoul days done within the session, as the report does, in one query', async () => {
    const { memberCompletion } = await import('../../src/server/modules/room-progress/service.ts');
    const counter = countQueries(db(), testDb().kind);
    let completion: Awaited<ReturnType<typeof memberCompletion>> | null = null;
    const statements = await counter.during(async () => {
      completion = await memberCompletion(counter.db, me.user.id, room);
    });
    expect(completion).toEqual({ daysDone: 4, daysElapsed: 5, completionRate: 80 });
    expect(statements).toHaveLength(1);
    // The post before the session began is no day of it.
    expect(await memberCompletion(db(), quiet.user.id, room)).toEqual({ daysDone: 2, daysElapsed: 5, completionRate: 40 });
    expect(await memberCompletion(db(), outsider.user.id, room)).toEqual({ daysDone: 0, daysElapsed: 5, completionRate: 0 });
  });
});
