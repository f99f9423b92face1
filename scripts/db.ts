// npm run db:migrate | db:seed | db:reset, on the database of DATABASE_URL.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { describeDatabaseUrl, openDatabase } from '../src/server/db/client.ts';
import type { Database } from '../src/server/db/client.ts';
import { lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { isDatabaseEmpty, seedDemoData } from '../src/server/db/seed/index.ts';
import { env } from '../src/server/env.ts';

const command = process.argv[2];
const url = env.DATABASE_URL;
const migrations = resolve(env.MIGRATIONS_DIR);

async function withDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase(url);
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

async function seed(database: Database): Promise<void> {
  if (!(await isDatabaseEmpty(database.db))) {
    console.log('The database already has data: nothing seeded (npm run db:reset starts over).');
    return;
  }
  console.log('Seeding the demo data…');
  await seedDemoData(database.db, {
    production: env.isProduction,
    appKey: env.APP_KEY,
    onProgress: ({ step, done, total, ms }) => console.log(`  ${done}/${total} ${step} (${ms} ms)`),
  });
  console.log('Seeded the demo data.');
}

async function reset(): Promise<void> {
  if (env.isProduction) throw new Error('Refusing to reset a production database.');
  if (url.startsWith('file://')) {
    const dataDir = resolve(url.slice('file://'.length));
    // Fails with a clear message while a server holds the directory.
    const unlock = lockDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    unlock();
  } else if (url.startsWith('postgres')) {
    await withDatabase(async ({ db }) => {
      await db.execute(sql`drop schema if exists drizzle cascade`);
      await db.execute(sql`drop schema public cascade`);
      await db.execute(sql`create schema public`);
    });
  }
  await withDatabase(async (database) => {
    await migrateDatabase(database, migrations);
    await seed(database);
  });
}

try {
  console.log(`Database: ${describeDatabaseUrl(url)}`);
  if (command === 'migrate') await withDatabase((database) => migrateDatabase(database, migrations));
  else if (command === 'seed')
    await withDatabase(async (database) => {
      await migrateDatabase(database, migrations);
      await seed(database);
    });
  else if (command === 'reset') await reset();
  else throw new Error(`Unknown command "${command ?? ''}": use migrate, seed or reset.`);
  console.log('Done.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
