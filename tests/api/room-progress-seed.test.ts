import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/members.ts';
import { seoulDate } from '../../src/lib/room-progress.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeAll(async () => {
  await seedDemoData(db(), { production: false });
});

describe("the demo rooms' progress", () => {
  it("gives member2 a report with days done, a sealed letter now and a delivered one from last month, and a year's numbers", async () => {
    const client = createTestApp(db()).client();
    expect(
      (
        await client.post('/login', {
          json: { email: 'member2@example.com', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
    const sessions = await queryRows<{ id: number; ended: boolean }>(
      db(),
      sql`select s.id, s.ends_at < now() as ended from ritual_sessions s join ritual_session_letters l on l.ritual_session_id = s.id
        join users u on u.id = l.user_id where u.username = 'member2' order by s.starts_at`,
    );
    expect(sessions.map((s) => s.ended)).toEqual([true, false]);
    const [past, current] = sessions;

    const report = (await client.get(`/api/ritual-sessions/${current!.id}/report`)).body.data;
    // Eight check-ins and a post on a day without one.
    expect(report.days_done).toHaveLength(9);
    expect(report.days_done).toContain(seoulDate(Date.now() - 86_400_000));
    expect(report.streaks.current).toBe(2);
    expect(report.members.some((m: { user: { username: string } | null }) => m.user?.username === 'member3')).toBe(true);

    expect((await client.get(`/api/ritual-sessions/${current!.id}/message-to-myself`)).body.data).toMatchObject({ state: 'writing' });
    expect((await client.get(`/api/ritual-sessions/${past!.id}/message-to-myself`)).body.data).toMatchObject({ state: 'delivered' });

    const stats = (await client.get('/api/me/ritual-stats')).body.data;
    expect(stats.sessions_running).toBeGreaterThanOrEqual(1);
    expect(stats.sessions_finished).toBeGreaterThanOrEqual(1);
    expect(stats.days_done).toBeGreaterThanOrEqual(30);
    expect(stats.best_streak).toBeGreaterThanOrEqual(5);
    expect((await client.get('/api/me/ritual-session-posts-dates')).body.data.length).toBeGreaterThanOrEqual(30);
  });
});
