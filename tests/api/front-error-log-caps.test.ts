import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { frontErrorLogs, rateLimits } from '../../src/server/db/schema/index.ts';
import type { RateLimitRule } from '../../src/server/http/rate-limit.ts';
import { FRONT_ERROR_LIMITS } from '../../src/server/modules/front-error-logs/limits.ts';
import { clearRateLimit } from '../../src/server/modules/rate-limits/service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const report = { json: { message: 'TypeError: x is undefined' } };
const counterKey = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/** Spends a whole window of `rule` at once, as that many reports would have. */
async function useUp(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const resetAt = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  await db
    .insert(rateLimits)
    .values({ key: counterKey(rule, subject), hits: rule.limit, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { hits: rule.limit, resetAt } });
}

const reportsFrom = async (db: Db, ip: string) =>
  (await db.select({ id: frontErrorLogs.id }).from(frontErrorLogs).where(eq(frontErrorLogs.ipAddress, ip))).length;

describe('how many browser error reports are taken in', () => {
  it('answers 429 with Retry-After to an address past its day, and stores nothing', async () => {
    const db = testDb().database.db;
    const { client } = createTestApp(db);
    await useUp(db, FRONT_ERROR_LIMITS.perDay, '10.51.0.1');
    const refused = await client({ ip: '10.51.0.1' }).post('/api/front-error-logs', report);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_400 - 60);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.body).toEqual({ message: `요청이 너무 많습니다. ${retryAfter}초 후에 다시 시도해 주세요.` });
    expect(await reportsFrom(db, '10.51.0.1')).toBe(0);
    expect((await client({ ip: '10.51.0.2' }).post('/api/front-error-logs', report)).status).toBe(201);
  });

  it('answers 429 with Retry-After to every address once the site has had its hour', async () => {
    const db = testDb().database.db;
    const { client } = createTestApp(db);
    const site = FRONT_ERROR_LIMITS.sitePerHour;
    await useUp(db, site, 'all');
    try {
      for (const ip of ['10.52.0.1', '10.52.0.2']) {
        const refused = await client({ ip }).post('/api/front-error-logs', report);
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(3600 - 60);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect(await reportsFrom(db, ip)).toBe(0);
      }
    } finally {
      await clearRateLimit(db, counterKey(site, 'all'));
    }
  });

  it("does not count an address's refused reports against the site's hour", async () => {
    const db = testDb().database.db;
    const { client } = createTestApp(db);
    const visitor = client({ ip: '10.53.0.1' });
    const { perMinute, sitePerHour } = FRONT_ERROR_LIMITS;
    try {
      for (let i = 0; i < perMinute.limit; i += 1) expect((await visitor.post('/api/front-error-logs', report)).status).toBe(201);
      for (let i = 0; i < 3; i += 1) expect((await visitor.post('/api/front-error-logs', report)).status).toBe(429);
      const [site] = await db.select().from(rateLimits).where(eq(rateLimits.key, counterKey(sitePerHour, 'all')));
      expect(site?.hits).toBe(perMinute.limit);
      expect(await reportsFrom(db, '10.53.0.1')).toBe(perMinute.limit);
    } finally {
      await clearRateLimit(db, counterKey(sitePerHour, 'all'));
    }
  });
});
