import { describe, expect, it } from 'vitest';
import { hitRateLimit } from '../../src/server/modules/rate-limits/service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const report = (i: number) => ({ json: { message: `error ${i}` } });

describe('the database-backed rate limiter', () => {
  it('lets 20 error reports a minute through per address, then answers 429 with Retry-After', async () => {
    const { client, logs } = createTestApp(testDb().database.db);
    const visitor = client({ ip: '10.9.0.1' });
    for (let i = 0; i < 20; i += 1) expect((await visitor.post('/api/front-error-logs', report(i))).status).toBe(201);
    const limited = await visitor.post('/api/front-error-logs', report(21));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({ message: `요청이 너무 많습니다. ${retryAfter}초 후에 다시 시도해 주세요.` });
    expect(logs.some((l) => l.status === 429)).toBe(true);

    const neighbour = client({ ip: '10.9.0.2' });
    expect((await neighbour.post('/api/front-error-logs', report(0))).status).toBe(201);
  });

  it('is shared by every instance on the same database', async () => {
    const db = testDb().database.db;
    const first = createTestApp(db).client({ ip: '10.9.1.1' });
    const second = createTestApp(db).client({ ip: '10.9.1.1' });
    for (let i = 0; i < 10; i += 1) {
      expect((await first.post('/api/front-error-logs', report(i))).status).toBe(201);
      expect((await second.post('/api/front-error-logs', report(i))).status).toBe(201);
    }
    expect((await first.post('/api/front-error-logs', report(99))).status).toBe(429);
    expect((await second.post('/api/front-error-logs', report(99))).status).toBe(429);
  });

  it('counts concurrent hits exactly, and opens a new window when the old one ends', async () => {
    const db = testDb().database.db;
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(db, 'test:burst', 5, 1)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await hitRateLimit(db, 'test:burst', 5, 1);
    expect(fresh).toMatchObject({ allowed: true, hits: 1 });
  });
});
