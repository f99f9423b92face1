import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
  }
}

/**
 * Creating and migrating an embedded database takes seconds; loading a dump of one takes a
 * fraction of that. Every test file starts from this migrated template.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'ritual-api-'));
  const database = await openDatabase('memory://');
  await migrateDatabase(database, resolve('drizzle'));
  const dump = await database.dump!();
  await database.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
