import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { NodePgSession, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PgliteThreadClient } from './pglite-client.ts';
import { PgliteThread, ensureDataDir } from './pglite-thread.ts';
import * as schema from './schema/index.ts';
import { keepUpTables } from './upkeep.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL's rows: both drivers answer `{ rows }`, which the shared Db type cannot express. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Whether each statement runs alone: the embedded database has one connection and its thread runs
 * one statement at a time, a transaction holding every other query back. Nothing another request
 * does can come between what one statement reads and what it writes, so it needs no row locks.
 */
export const runsAlone = (db: Db): boolean => !is(db._.session, NodePgSession);

/**
 * A transaction's statements, answered in the order given. On the embedded database they are sent
 * together: its thread runs them in that order, and each round trip of an open transaction keeps
 * every other query waiting. On PostgreSQL one after another: node-postgres runs a connection's
 * queries one at a time anyway, and a query sent while another runs is deprecated (gone in pg 9).
 */
export async function inOrder<T extends readonly unknown[]>(db: Db, statements: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (runsAlone(db)) return (await Promise.all(statements.map((run) => run()))) as unknown as T;
  const answers: unknown[] = [];
  for (const run of statements) answers.push(await run());
  return answers as unknown as T;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one connection (the pool's or the embedded one), for advisory locks. */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball, to start other databases from (tests). */
  dump?(): Promise<Blob>;
  /**
   * PGlite on disk only: copies the data directory into `to` (a backup's snapshot) between two
   * statements and outside any transaction; how long the statements sent meanwhile waited for it.
   */
  snapshot?(to: string): Promise<{ heldMs: number }>;
  /** PGlite only: vacuums and analyzes the tables that are due, as autovacuum would; their names. */
  keepUp?(signal: AbortSignal): Promise<string[]>;
  /**
   * How many statements wait, by queue: on PGlite `thread` (sent to its thread, which runs one at
   * a time) and `gate` (held back while a transaction runs); on PostgreSQL `pool` (waiting for a
   * connection). Read when metrics are scraped, never per query.
   */
  queued(): Record<string, number>;
  close(): Promise<void>;
}

export interface OpenOptions {
  statementTimeoutMs?: number;
  poolMax?: number;
  /** A PGlite data directory dump to start a memory:// database from (tests). */
  loadDataDir?: Blob | File;
  /** PGlite only: Postgres's buffer cache (shared_buffers), e.g. '16MB'. */
  pgliteSharedBuffers?: string;
  /** Told when a statement overran on the embedded database and its thread was replaced. */
  onEmbeddedRestart?: (error: Error) => void;
}

const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
// Past a request's timeout: a vacuum on a slow machine must not end the thread, and with it every
// query waiting, to start again a minute later.
const UPKEEP_TIMEOUT_MS = 60_000;
const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export function describeDatabaseUrl(url: string): string {
  if (url.startsWith('postgres')) return url.replace(/\/\/[^@/]*@/, '//***@');
  return url;
}

async function openPglite(url: string, options: OpenOptions): Promise<Database> {
  const inMemory = url.startsWith('memory://');
  const dataDir = inMemory ? undefined : resolve(url.slice('file://'.length));
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    if (dataDir) await ensureDataDir(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const thread = new PgliteThread({
    dataDir,
    loadDataDir: options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined,
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    sharedBuffers: options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS,
    ...(options.onEmbeddedRestart ? { onRestart: options.onEmbeddedRestart } : {}),
  });
  try {
    await thread.whenReady();
  } catch (error) {
    await thread.close(false).catch(() => undefined);
    unlock();
    throw error;
  }
  const client = new PgliteThreadClient(thread);
  const db = drizzlePglite(client as unknown as PGlite, drizzleOptions) as unknown as Db;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    withConnection: (fn) => fn(db),
    dump: async () => new Blob([(await client.callAlone<Uint8Array<ArrayBuffer>>('dump')).answer]),
    ...(inMemory ? {} : { snapshot: async (to: string) => ({ heldMs: (await client.callAlone('copy', { to })).ms }) }),
    keepUp: (signal) => keepUpTables(db, (statement) => client.execWithin(statement, UPKEEP_TIMEOUT_MS), signal),
    queued: () => ({ thread: thread.queued, gate: client.waitingAtGate }),
    close() {
      closing ??= thread.close(!inMemory).finally(unlock);
      return closing;
    },
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    application_name: 'ritual-community',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  const check = await pool.connect();
  check.release();
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    async withConnection(fn) {
      const connection = await pool.connect();
      try {
        return await fn(drizzlePg(connection, drizzleOptions) as unknown as Db);
      } finally {
        connection.release();
      }
    },
    queued: () => ({ pool: pool.waitingCount }),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** The one factory: file:// and memory:// open PGlite, postgres:// opens a node-postgres pool. */
export function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  if (url.startsWith('file://') || url.startsWith('memory://')) return openPglite(url, options);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`Unsupported DATABASE_URL ${describeDatabaseUrl(url)}: use file://, memory:// or postgres://`);
}
