import { countDistinct, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { legacyPathUses } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';
import type { LegacyUsage } from '../../../lib/legacy-usage.ts';
import { addDays, seoulDate } from '../../../lib/room-progress.ts';
import { successorOf } from './map.ts';

/** One statement per call: the pattern's row for the Seoul day is made, or its count goes up. */
export async function recordLegacyUse(db: Db, pattern: string, at = new Date()): Promise<void> {
  await db
    .insert(legacyPathUses)
    .values({ path: pattern, day: seoulDate(at), count: 1, lastCalledAt: at })
    .onConflictDoUpdate({
      target: [legacyPathUses.path, legacyPathUses.day],
      // Two calls may finish in either order; the row keeps the later one.
      set: { count: sql`${legacyPathUses.count} + 1`, lastCalledAt: sql`greatest(${legacyPathUses.lastCalledAt}, excluded.last_called_at)` },
    });
}

/** The patterns still called, the most recently called first, with today's, the month's and all their calls. */
export async function listLegacyUsage(
  db: Db,
  { page, perPage }: { page: number; perPage: number },
  now = new Date(),
): Promise<{ rows: LegacyUsage[]; total: number }> {
  const today = seoulDate(now);
  const monthAgo = addDays(today, -29);
  const lastCalledAt = sql<Date>`max(${legacyPathUses.lastCalledAt})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        path: legacyPathUses.path,
        callsToday: sql<number>`coalesce(sum(${legacyPathUses.count}) filter (where ${legacyPathUses.day} = ${today}), 0)::int`,
        callsLast30Days: sql<number>`coalesce(sum(${legacyPathUses.count}) filter (where ${legacyPathUses.day} >= ${monthAgo}), 0)::int`,
        callsTotal: sql<number>`sum(${legacyPathUses.count})::int`,
        firstDay: sql<string>`min(${legacyPathUses.day})::text`,
        lastDay: sql<string>`max(${legacyPathUses.day})::text`,
        lastCalledAt: lastCalledAt.mapWith(legacyPathUses.lastCalledAt),
      })
      .from(legacyPathUses)
      .groupBy(legacyPathUses.path)
      .orderBy(sql`${lastCalledAt} desc`, legacyPathUses.path)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: countDistinct(legacyPathUses.path) }).from(legacyPathUses),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.path,
      path: row.path,
      successor: successorOf(row.path),
      calls_today: row.callsToday,
      calls_last_30_days: row.callsLast30Days,
      calls_total: row.callsTotal,
      first_day: row.firstDay,
      last_day: row.lastDay,
      last_called_at: apiTime(row.lastCalledAt),
    })),
    total: total?.value ?? 0,
  };
}
