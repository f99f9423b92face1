import { resolve } from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Database } from '../db/client.ts';
import { pruneBackups, writeBackup } from '../db/backup/write-backup.ts';
import type { BackupTarget, WrittenBackup } from '../db/backup/write-backup.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { Job } from './scheduler.ts';

/** `npm run db:backup` sends this to the running server to ask it for a backup now. */
export const BACKUP_SIGNAL = 'SIGUSR2';

export interface BackupSettings extends BackupTarget {
  everyMs: number;
  keep: number;
}

/** Null when BACKUP_DIR is empty: no backups. */
export function backupSettingsFromEnv(env: Env): BackupSettings | null {
  if (!env.BACKUP_DIR) return null;
  return {
    dir: resolve(env.BACKUP_DIR),
    uploadsDir: env.STORAGE_DRIVER === 'local' ? resolve(env.STORAGE_LOCAL_DIR) : null,
    appVersion: packageJson.version,
    everyMs: env.BACKUP_INTERVAL_MINUTES * 60_000,
    keep: env.BACKUP_KEEP,
  };
}

export interface BackupJob extends Job {
  /** One backup now, after the one under way if any (two never write at once). */
  runNow(): Promise<WrittenBackup>;
}

/**
 * The embedded database's backups on a clock, or null (with an error logged when BACKUP_DIR is set)
 * on PostgreSQL, which is backed up by its own tools. One instance only: PGlite is one process's.
 */
export function backupJob(database: Database, settings: BackupSettings | null, logger: Logger): BackupJob | null {
  if (!settings) return null;
  if (!database.snapshot) {
    logger.error(
      { job: 'backup' },
      'BACKUP_DIR is set, but the backup job is for the embedded database (PGlite) only: back up PostgreSQL with pg_dump or its provider\'s point-in-time recovery (docs/operations.md)',
    );
    return null;
  }
  let last: Promise<unknown> = Promise.resolve();
  const backUp = async (): Promise<WrittenBackup> => {
    const started = performance.now();
    const written = await writeBackup(database, settings);
    const removed = await pruneBackups(settings.dir, settings.keep);
    logger.info(
      { job: 'backup', path: written.path, bytes: written.bytes, heldMs: Math.round(written.heldMs), ms: Math.round(performance.now() - started), removed },
      'wrote a backup of the embedded database',
    );
    return written;
  };
  const runNow = (): Promise<WrittenBackup> => {
    const run = last.then(backUp, backUp);
    last = run.catch(() => undefined);
    return run;
  };
  return {
    name: 'backup',
    everyMs: settings.everyMs,
    runNow,
    async run() {
      await runNow();
    },
  };
}

/**
 * Makes a backup whenever the process receives BACKUP_SIGNAL (from `npm run db:backup`). Listened
 * for with backups off as well: unhandled, the signal would end the server.
 */
export function backUpOnSignal(job: BackupJob | null, logger: Logger): void {
  process.on(BACKUP_SIGNAL, () => {
    if (!job) {
      logger.warn({ job: 'backup' }, 'a backup was asked for, but this server makes none (BACKUP_DIR is empty, or the database is PostgreSQL)');
      return;
    }
    logger.info({ job: 'backup' }, 'a backup was asked for');
    job.runNow().catch((error: unknown) => logger.error({ err: error, job: 'backup' }, 'a backup failed'));
  });
}
