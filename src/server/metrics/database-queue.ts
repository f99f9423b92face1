import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Database } from '../db/client.ts';

/** The statements waiting for the database, read at each scrape (Database.queued). */
export function watchDatabaseQueue(registry: Registry, database: Pick<Database, 'queued'>): void {
  new Gauge({
    name: 'db_queued_statements',
    help: 'Statements waiting for the database: on PGlite sent to its thread (thread) or held back by a transaction (gate); on PostgreSQL waiting for a pooled connection (pool).',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      for (const [queue, count] of Object.entries(database.queued())) this.set({ queue }, count);
    },
  });
}
