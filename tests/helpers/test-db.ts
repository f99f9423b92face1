import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Database } from '../../src/server/db/client.ts';
import { env } from '../../src/server/env.ts';
import { databaseUrlNamed, withAdmin } from './postgres-admin.ts';

export interface TestDatabase {
  database: Database;
  kind: 'pglite' | 'postgres';
  /** A second connection to the same data (several instances on one database). */
  url: string | null;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the project's kind: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('dbKind') === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase('memory://', { loadDataDir: template });
    return { database, kind: 'pglite', url: null, drop: () => database.close() };
  }
  const name = `ritual_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(env.TEST_DATABASE_URL!, (client) => client.query(`create database ${name} template ${inject('postgresTemplate')}`));
  const url = databaseUrlNamed(env.TEST_DATABASE_URL!, name);
  const database = await openDatabase(url, { statementTimeoutMs: 5000, poolMax: 4 });
  return {
    database,
    kind: 'postgres',
    url,
    async drop() {
      await database.close();
      await withAdmin(env.TEST_DATABASE_URL!, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A fresh database for the test file: made before its tests, dropped after them. */
export function useTestDatabase(): () => TestDatabase {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());
  return () => {
    if (!testDb) throw new Error('the test database is made in beforeAll');
    return testDb;
  };
}
