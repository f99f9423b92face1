import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { RitualSession } from '../../src/server/db/schema/index.ts';
import { ritualStatsAnswer } from '../../src/server/modules/room-progress/answer-schema.ts';
import { ritualStats } from '../../src/server/modules/room-progress/me-service.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { indexesOf, planOf } from '../helpers/query-plans.ts';
import { createRoom, insertCheckIn, insertRoomPost, joinRoom, seoulDateFromToday, seoulTime } from '../helpers/room-progress-factories.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

type Member = Awaited<ReturnType<typeof signedInMember>>;

const day = seoulDateFromToday;
let newest: RitualSession;
let running: RitualSession;
let lastYear: RitualSession;
let me: Member;
let other: Member;

beforeAll(async () => {
  me = await signedInMember(db());
  other = await signedInMember(db());
  // Three rooms: one in its fifth day, one in its 21st, one that ended over 340 days ago.
  newest = await createRoom(db(), seoulTime(day(-4)), seoulTime(day(10)), '아침 10분 명상');
  running = await createRoom(db(), seoulTime(day(-20)), seoulTime(day(15)), '저녁 일기');
  lastYear = await createRoom(db(), seoulTime(day(-370)), seoulTime(day(-340)), '작년의 독서');
  for (const room of [newest, running, lastYear]) await joinRoom(db(), room.id, me.user.id);
  await joinRoom(db(), newest.id, other.user.id);

  // Yesterday in two rooms: a check-in in one, two posts in the other.
  await insertCheckIn(db(), newest.id, me.user.id, day(-3));
  await insertCheckIn(db(), running.id, me.user.id, day(-2));
  await insertCheckIn(db(), newest.id, me.user.id, day(-1));
  await insertRoomPost(db(), running.id, me.user.id, seoulTime(day(-1), 9));
  await insertRoomPost(db(), running.id, me.user.id, seoulTime(day(-1), 10), 'retrospect');
  // Four days in a row across the edge of the year: two of them are in it.
  for (const offset of [-366, -365, -364, -363]) await insertCheckIn(db(), lastYear.id, me.user.id, day(offset));
  // Written after that room ended: no day of it, as its report counts.
  await insertRoomPost(db(), lastYear.id, me.user.id, seoulTime(day(-300), 12));

  await insertCheckIn(db(), newest.id, other.user.id, day(0));
  await insertCheckIn(db(), newest.id, other.user.id, day(-2));
});

describe('GET /api/me/ritual-stats: a year of rituals', () => {
  it("lists the last 365 Seoul days with something done, counting each day's sessions", async () => {
    const res = await me.client.get('/api/me/ritual-stats');
    expect(res.status).toBe(200);
    const { year } = res.body.data;
    expect(year.from).toBe(day(-364));
    expect(year.to).toBe(day(0));
    expect(year.days).toEqual([
      { day: day(-364), count: 1 },
      { day: day(-363), count: 1 },
      { day: day(-3), count: 1 },
      { day: day(-2), count: 1 },
      { day: day(-1), count: 2 },
    ]);
    expect(() => ritualStatsAnswer.parse(res.body.data)).not.toThrow();
  });

  it('runs streaks across sessions and keeps the best, even from before the year', async () => {
    const { data } = (await me.client.get('/api/me/ritual-stats')).body;
    // Today is not over: the run up to yesterday (one room, then the other, then both) still counts.
    expect(data.current_streak).toBe(3);
    expect(data.best_streak).toBe(4);
    expect(data.days_done).toBe(7);
  });

  it("gives each session's completion, newest first, as its report counts it", async () => {
    const { data } = (await me.client.get('/api/me/ritual-stats')).body;
    expect(data.sessions).toEqual([
      expect.objectContaining({ id: newest.id, title: '아침 10분 명상', days: 14, days_elapsed: 5, days_done: 2, completion_rate: 40 }),
      expect.objectContaining({ id: running.id, title: '저녁 일기', days: 35, days_elapsed: 21, days_done: 2, completion_rate: 9 }),
      expect.objectContaining({ id: lastYear.id, title: '작년의 독서', days: 30, days_elapsed: 30, days_done: 4, completion_rate: 13 }),
    ]);
    expect(data.sessions[0].starts_at).toBe(`${newest.startsAt.toISOString().slice(0, -1)}000Z`);
    expect(data).toMatchObject({ sessions_joined: 3, sessions_running: 2, sessions_finished: 1 });
    const report = (await me.client.get(`/api/ritual-sessions/${running.id}/report`)).body.data;
    expect(data.sessions[1]).toMatchObject({ days_done: report.days_done.length, completion_rate: report.completion_rate });
  });

  it('shows another member only their own days and sessions', async () => {
    const { data } = (await other.client.get('/api/me/ritual-stats')).body;
    expect(data.year.days).toEqual([
      { day: day(-2), count: 1 },
      { day: day(0), count: 1 },
    ]);
    expect(data.sessions.map((session: { id: number }) => session.id)).toEqual([newest.id]);
    expect(data.sessions[0]).toMatchObject({ days_done: 2, completion_rate: 40 });
    expect(data.current_streak).toBe(1);
    const mine = (await me.client.get('/api/me/ritual-stats')).body.data;
    expect(mine.year.days.map((row: { day: string }) => row.day)).not.toContain(day(0));
  });

  it('answers a member in no room with an empty year', async () => {
    const newcomer = await signedInMember(db());
    const { data } = (await newcomer.client.get('/api/me/ritual-stats')).body;
    expect(data).toMatchObject({ sessions_joined: 0, days_done: 0, current_streak: 0, best_streak: 0, sessions: [] });
    expect(data.year).toEqual({ from: day(-364), to: day(0), days: [] });
  });

  it('refuses a guest (401)', async () => {
    const res = await guestClient(db()).get('/api/me/ritual-stats');
    expect(res.status).toBe(401);
  });

  it('answers in three queries, each read along the member’s index, whatever the number of sessions', async () => {
    const counter = countQueries(db(), testDb().kind);
    const statements = await counter.during(() => ritualStats(counter.db, me.user.id));
    expect(statements).toHaveLength(3);
    const settings = ['enable_seqscan = off'];
    for (const [table, index] of [
      ['"ritual_session_users"', 'ritual_session_users_user_idx'],
      ['ritual_session_done_days', 'ritual_session_done_days_user_idx'],
    ] as const) {
      const statement = statements.find((candidate) => candidate.sql.includes(`from ${table}`));
      expect(statement, table).toBeDefined();
      expect(indexesOf(await planOf(db(), statement!, settings)), statement!.sql).toContain(index);
    }
  });
});
