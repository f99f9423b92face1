import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../client.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import type { BackupManifest } from './manifest.ts';
import { unpackBackup } from './read-backup.ts';

export interface RestoreTarget {
  dataDir: string;
  /** The local storage's directory, or null when uploads live elsewhere (S3). */
  uploadsDir: string | null;
  migrationsDir: string;
}

export interface Restored {
  manifest: BackupManifest;
  /** Where the data directory and the uploads that were replaced now are. */
  keptDataDir: string | null;
  keptUploadsDir: string | null;
}

/** When the newest migration this build knows was made (drizzle's journal), as the database records it. */
export async function latestMigrationAt(migrationsDir: string): Promise<number> {
  const journal = JSON.parse(await readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

const stampOf = (at: Date): string => at.toISOString().replace(/[-:.]/g, '');

/** A rename that falls back to a copy when the two paths are on different file systems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

async function checkOpens(dataDir: string, manifest: BackupManifest): Promise<void> {
  const database = await openDatabase(`file://${dataDir}`);
  try {
    const rows = await queryRows<{ hash: string }>(
      database.db,
      sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if ((rows[0]?.hash ?? null) !== (manifest.migration?.hash ?? null)) {
      throw new Error('the restored database does not hold the migration its manifest names');
    }
  } finally {
    await database.close();
  }
}

/**
 * Replaces the embedded database (and the local uploads) with a backup's, while no server holds the
 * directory. The backup is unpacked, checked and opened beside the data directory first; only then
 * is the old directory renamed aside with a timestamp and the restored one put in its place.
 */
export async function restoreBackup(file: string, target: RestoreTarget, now = new Date()): Promise<Restored> {
  const unlock = lockDataDir(target.dataDir);
  const stamp = stampOf(now);
  const staging = `${target.dataDir}.restoring-${stamp}`;
  try {
    const manifest = await unpackBackup(file, join(staging, 'backup'), await latestMigrationAt(target.migrationsDir));
    const restoredDataDir = join(staging, 'backup', 'database');
    await checkOpens(restoredDataDir, manifest);

    const keptDataDir = existsSync(target.dataDir) ? `${target.dataDir}.before-restore-${stamp}` : null;
    if (keptDataDir) await rename(target.dataDir, keptDataDir);
    await rename(restoredDataDir, target.dataDir);

    let keptUploadsDir: string | null = null;
    if (manifest.uploads && target.uploadsDir) {
      const restoredUploads = join(staging, 'backup', 'uploads');
      await mkdir(restoredUploads, { recursive: true });
      if (existsSync(target.uploadsDir)) {
        keptUploadsDir = `${target.uploadsDir}.before-restore-${stamp}`;
        await rename(target.uploadsDir, keptUploadsDir);
      }
      await move(restoredUploads, target.uploadsDir);
    }
    return { manifest, keptDataDir, keptUploadsDir };
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}
