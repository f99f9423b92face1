import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createTarPacker } from 'modern-tar';
import type { TarPackController } from 'modern-tar';
import { queryRows } from '../client.ts';
import type { Database } from '../client.ts';
import { DATABASE_PREFIX, MANIFEST_NAME, UPLOADS_PREFIX, createManifest } from './manifest.ts';
import type { BackupManifest, BackupPart } from './manifest.ts';

export const BACKUP_EXTENSION = '.tar';
const PARTIAL_SUFFIX = '.partial';
// Sorting the names sorts the backups by age.
const BACKUP_NAME = /^ritual-backup-\d{8}T\d{9}Z\.tar$/;

export interface BackupTarget {
  /** Where the backups are kept. */
  dir: string;
  /** The local storage's directory, or null when uploads live elsewhere (S3). */
  uploadsDir: string | null;
  appVersion: string;
}

export interface WrittenBackup {
  path: string;
  bytes: number;
  /** How long the statements sent during the snapshot waited for it. */
  heldMs: number;
}

export const backupName = (at: Date): string => `ritual-backup-${at.toISOString().replace(/[-:.]/g, '')}${BACKUP_EXTENSION}`;

/** The backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

const hashOf = (bytes: Uint8Array): BackupPart => ({ sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });

async function addEntry(controller: TarPackController, name: string, bytes: Uint8Array): Promise<BackupPart> {
  const writer = controller.add({ name, size: bytes.length, type: 'file', mode: 0o600 }).getWriter();
  await writer.write(bytes);
  await writer.close();
  return hashOf(bytes);
}

/** A file nothing writes to any more (the snapshot's), streamed: a table's file may be a gigabyte. */
async function addFile(controller: TarPackController, name: string, path: string): Promise<BackupPart> {
  const { size } = await stat(path);
  const hash = createHash('sha256');
  const writer = controller.add({ name, size, type: 'file', mode: 0o600 }).getWriter();
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    await writer.write(chunk);
  }
  await writer.close();
  return { sha256: hash.digest('hex'), bytes: size };
}

/** The files and directories under `dir`, as paths relative to it; none when it does not exist. */
async function walk(dir: string): Promise<{ files: string[]; directories: string[] }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const relativePath = (entry: Dirent) => relative(dir, join(entry.parentPath, entry.name));
  return {
    files: entries.filter((entry) => entry.isFile()).map(relativePath).sort(),
    directories: entries.filter((entry) => entry.isDirectory()).map(relativePath).sort(),
  };
}

async function lastMigration(database: Database): Promise<BackupManifest['migration']> {
  const rows = await queryRows<{ hash: string; created_at: string | number }>(
    database.db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const row = rows[0];
  return row ? { hash: row.hash, createdAt: Number(row.created_at) } : null;
}

/**
 * Writes one backup of the embedded database and the local uploads into `target.dir`: a copy of
 * the data directory first (statements wait only for that copy), packed from the copy afterwards;
 * then the uploads as they are on disk, each read once so that its checksum is of the bytes
 * written; then the manifest. Uploads are never changed once stored, and every file the snapshot
 * refers to was stored before it was taken. The backup appears under its name only once complete
 * and flushed.
 */
export async function writeBackup(database: Database, target: BackupTarget): Promise<WrittenBackup> {
  if (!database.snapshot) throw new Error('backups are for the embedded database (PGlite) on disk only: see docs/operations.md for PostgreSQL');
  await mkdir(target.dir, { recursive: true });
  const migration = await lastMigration(database);
  const createdAt = new Date();
  const path = join(target.dir, backupName(createdAt));
  const partial = `${path}${PARTIAL_SUFFIX}`;
  const snapshotDir = `${partial}.database`;
  const { readable, controller } = createTarPacker();
  const written = readable.pipeTo(Writable.toWeb(createWriteStream(partial, { mode: 0o600 })));
  try {
    const { heldMs } = await database.snapshot(snapshotDir);
    const parts: Record<string, BackupPart> = {};
    const snapshot = await walk(snapshotDir);
    const directories = snapshot.directories.map((dir) => `${DATABASE_PREFIX}${dir}`);
    for (const name of directories) await controller.add({ name: `${name}/`, size: 0, type: 'directory', mode: 0o700 }).close();
    for (const file of snapshot.files) parts[`${DATABASE_PREFIX}${file}`] = await addFile(controller, `${DATABASE_PREFIX}${file}`, join(snapshotDir, file));
    await rm(snapshotDir, { recursive: true, force: true });
    for (const key of target.uploadsDir ? (await walk(target.uploadsDir)).files : []) {
      parts[`${UPLOADS_PREFIX}${key}`] = await addEntry(controller, `${UPLOADS_PREFIX}${key}`, await readFile(join(target.uploadsDir!, key)));
    }
    const manifest = createManifest({
      appVersion: target.appVersion,
      migration,
      createdAt: createdAt.toISOString(),
      uploads: target.uploadsDir !== null,
      parts,
      directories,
    });
    await addEntry(controller, MANIFEST_NAME, new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
    controller.finalize();
    await written;
    const file = await open(partial, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, path);
    return { path, bytes: (await stat(path)).size, heldMs };
  } catch (error) {
    controller.error(error);
    await written.catch(() => undefined);
    await Promise.all([rm(partial, { force: true }), rm(snapshotDir, { recursive: true, force: true })]);
    throw error;
  }
}

/** Deletes all but the newest `keep` backups, and what an interrupted run left half written. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  const stale = names.filter((name) => name.includes(`${BACKUP_EXTENSION}${PARTIAL_SUFFIX}`));
  const backups = await listBackups(dir);
  const removed = [...stale, ...backups.slice(0, Math.max(0, backups.length - keep))];
  await Promise.all(removed.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return removed;
}
