import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Job } from './scheduler.ts';

// Autovacuum's own pace on PostgreSQL (autovacuum_naptime); a run with nothing due is one query.
const EVERY_MS = 60_000;

/** The embedded database's vacuum and statistics; null on PostgreSQL, whose autovacuum does it. */
export function upkeepJob(database: Database, logger: Logger): Job | null {
  const { keepUp } = database;
  if (!keepUp) return null;
  return {
    name: 'upkeep',
    everyMs: EVERY_MS,
    async run(signal) {
      const started = performance.now();
      const tables = await keepUp(signal);
      if (tables.length > 0) logger.info({ job: 'upkeep', tables, ms: Math.round(performance.now() - started) }, 'vacuumed and analyzed the embedded database');
    },
  };
}
