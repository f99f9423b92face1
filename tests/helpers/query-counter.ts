import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema/index.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface QueryCounter {
  /** The same database, through a drizzle instance that notes every statement it sends. */
  db: Db;
  /** The statements sent while `work` ran. */
  during(work: () => Promise<unknown>): Promise<Statement[]>;
}

/**
 * Counts the SQL statements the app sends, transactions included, with drizzle's logger on a
 * second drizzle instance over the same connection: the app under test is not changed for it.
 */
export function countQueries(db: Db, kind: 'pglite' | 'postgres'): QueryCounter {
  let log: Statement[] | null = null;
  const logger: Logger = {
    logQuery(query, params) {
      log?.push({ sql: query, params });
    },
  };
  // Drizzle keeps its driver client on the session; both drivers name it `client`.
  const client = (db as unknown as { session: { client: unknown } }).session.client;
  const options = { schema, casing: 'snake_case', logger } as const;
  const counted = (
    kind === 'pglite' ? drizzlePglite(client as PGlite, options) : drizzlePg(client as pg.Pool, options)
  ) as unknown as Db;
  return {
    db: counted,
    async during(work) {
      log = [];
      try {
        await work();
        return log;
      } finally {
        log = null;
      }
    },
  };
}
