// npm run db:restore -- FILE: replaces the embedded database (and the local uploads) with a backup's,
// while no server runs. The backup is checked and opened before anything is replaced.
import { resolve } from 'node:path';
import { restoreBackup } from '../src/server/db/backup/restore.ts';
import { env } from '../src/server/env.ts';

try {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run db:restore -- FILE (a backup from BACKUP_DIR)');
  const url = env.DATABASE_URL;
  if (!url.startsWith('file://')) throw new Error('npm run db:restore is for the embedded database (DATABASE_URL=file://…): see docs/operations.md for PostgreSQL.');
  const dataDir = resolve(url.slice('file://'.length));
  const restored = await restoreBackup(resolve(file), {
    dataDir,
    uploadsDir: env.STORAGE_DRIVER === 'local' ? resolve(env.STORAGE_LOCAL_DIR) : null,
    migrationsDir: resolve(env.MIGRATIONS_DIR),
  });
  console.log(`Restored the backup of ${restored.manifest.createdAt} (app ${restored.manifest.appVersion}) into ${dataDir}.`);
  if (restored.keptDataDir) console.log(`The database it replaced is kept in ${restored.keptDataDir}.`);
  if (restored.keptUploadsDir) console.log(`The uploads it replaced are kept in ${restored.keptUploadsDir}.`);
  if (!restored.manifest.uploads) console.log('The backup holds no uploads (they were on S3): the uploads were left as they are.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
