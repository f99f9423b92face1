import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';

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

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 minute'`);
}
