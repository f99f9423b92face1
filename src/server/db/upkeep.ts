import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * What autovacuum does on PostgreSQL, for the embedded database, which has no autovacuum: PGlite
 * runs one backend in single-user mode. Without it a table's planner statistics stay as they were
 * when it was last analyzed (an orders table analyzed while empty is planned as empty for ever:
 * the order flow spent 1.5 times as long in the database, measured), its dead rows are never
 * reclaimed, and its transaction ids are never frozen. The thresholds are autovacuum's defaults.
 */

const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
/** Transactions since a table's oldest unfrozen row past which it is due (autovacuum's freeze age is 200 million). */
const FREEZE_AGE = 150_000_000;
/**
 * The activity counters start again at zero when the database does: a table of at least this many
 * pages (8 kB each) that was never analyzed, or has grown by a fifth since, is due as well.
 */
const MIN_PAGES = 8;
const GROWTH = 1.2;
/**
 * Larger tables are analyzed only: ANALYZE reads a sample of bounded size (0.5 s for a million rows,
 * measured), VACUUM the whole table and its indexes, while every other query waits.
 */
const VACUUM_MAX_PAGES = 16_384;

export interface DueTable {
  name: string;
  /** VACUUM (ANALYZE), or ANALYZE alone for a table over the size for a vacuum and not past the freeze age. */
  vacuum: boolean;
}

/**
 * The tables of the public schema that are due, smallest first. A table too large for a vacuum is
 * due by what an ANALYZE resets (changes since the last one, growth) or by its freeze age: by its
 * dead rows or inserts alone it would be due, and analyzed, every minute.
 */
export async function tablesDue(db: Db, vacuumMaxPages = VACUUM_MAX_PAGES): Promise<DueTable[]> {
  // The counters this backend has gathered reach the statistics views at most once a second.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(
    sql`select name, "freeze" or pages <= ${vacuumMaxPages} as vacuum from (
          select c.relname as name,
                 (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
                 c.reltuples, c.relpages, greatest(c.reltuples, 0) as tuples,
                 s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze,
                 age(c.relfrozenxid) > ${FREEZE_AGE} as "freeze"
          from pg_class c
          join pg_stat_user_tables s on s.relid = c.oid
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        ) t
        where "freeze"
           or n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE}::float8 * tuples
           or (pages >= ${MIN_PAGES} and (reltuples < 0 or pages > relpages * ${GROWTH}::float8))
           or (pages <= ${vacuumMaxPages}
               and (n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE}::float8 * tuples
                    or n_ins_since_vacuum > ${INSERT_THRESHOLD} + ${INSERT_SCALE}::float8 * tuples))
        order by pages, name`,
  );
  // What queryRows does; client.ts imports this module, so it is not imported from there.
  return (result as unknown as { rows: DueTable[] }).rows;
}

/** How a due table is kept: the statement, sent as it is (it may not run inside a transaction). */
export function upkeepStatement(table: DueTable): string {
  const name = `"${table.name.replaceAll('"', '""')}"`;
  return `${table.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${name}`;
}

/** Keeps every due table, one statement each, so that requests' queries run in between. */
export async function keepUpTables(
  db: Db,
  exec: (statement: string) => Promise<unknown>,
  signal: AbortSignal,
  vacuumMaxPages = VACUUM_MAX_PAGES,
): Promise<string[]> {
  const kept: string[] = [];
  for (const table of await tablesDue(db, vacuumMaxPages)) {
    if (signal.aborted) break;
    await exec(upkeepStatement(table));
    kept.push(table.name);
  }
  return kept;
}
