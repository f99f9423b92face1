// npm run db:backup: one backup of the embedded database and the local uploads into BACKUP_DIR, made
// by the running server (asked by a signal) or, when none runs, by this process.
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { openDatabase } from '../src/server/db/client.ts';
import { dataDirOwner } from '../src/server/db/data-dir-lock.ts';
import { listBackups, pruneBackups, writeBackup } from '../src/server/db/backup/write-backup.ts';
import { env } from '../src/server/env.ts';
import { BACKUP_SIGNAL, backupSettingsFromEnv } from '../src/server/jobs/backup.ts';
import type { BackupSettings } from '../src/server/jobs/backup.ts';

const POLL_MS = 200;
const SERVER_TIMEOUT_MS = 30 * 60_000;

/** The time in a backup's name (ritual-backup-20260102T030405678Z.tar). */
function madeAt(name: string): number {
  const [, y, mo, d, h, mi, s, ms] = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name) ?? [];
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}

async function askServer(pid: number, settings: BackupSettings): Promise<string> {
  const askedAt = Date.now();
  process.kill(pid, BACKUP_SIGNAL);
  console.log(`Asked the running server (process ${pid}) for a backup…`);
  const deadline = askedAt + SERVER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await delay(POLL_MS);
    const made = (await listBackups(settings.dir)).filter((name) => madeAt(name) >= askedAt);
    if (made[0]) return resolve(settings.dir, made[0]);
    try {
      process.kill(pid, 0);
    } catch {
      throw new Error(`the server (process ${pid}) stopped before it wrote the backup`);
    }
  }
  throw new Error(`no backup appeared in ${settings.dir}: is the server's BACKUP_DIR the same as this one? Its log says why.`);
}

async function backUpHere(url: string, settings: BackupSettings): Promise<string> {
  // Takes the directory's lock: a server starting meanwhile waits for nothing, it is refused.
  const database = await openDatabase(url);
  try {
    const written = await writeBackup(database, settings);
    console.log(`The database was held for ${Math.round(written.heldMs)} ms; ${written.bytes} bytes written.`);
    await pruneBackups(settings.dir, settings.keep);
    return written.path;
  } finally {
    await database.close();
  }
}

try {
  const url = env.DATABASE_URL;
  if (!url.startsWith('file://')) {
    throw new Error('npm run db:backup is for the embedded database (DATABASE_URL=file://…). On PostgreSQL use pg_dump or your provider\'s point-in-time recovery: see docs/operations.md.');
  }
  const settings = backupSettingsFromEnv(env);
  if (!settings) throw new Error('Set BACKUP_DIR (see .env.example) to say where backups go.');
  const server = dataDirOwner(resolve(url.slice('file://'.length)));
  const path = server === null ? await backUpHere(url, settings) : await askServer(server, settings);
  console.log(`Backup: ${path}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
