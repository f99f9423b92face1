import { inArray, lte, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowSeconds`, atomically in the database so that
 * every instance shares the count. The clock is the database's, for the same reason.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
    insert into rate_limits as r (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning hits, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry_after`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds: row.retry_after };
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Deletes at most `limit` ended windows (a hit on one starts a new window anyway) and says how
 * many; a window another instance's clean-up holds, or a hit is counting on, is skipped.
 */
export async function pruneRateLimits(db: Db, limit: number): Promise<number> {
  const claimed = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(rateLimits).where(inArray(rateLimits.key, claimed)).returning({ key: rateLimits.key });
  return deleted.length;
}
