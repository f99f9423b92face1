import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { childProcessEnv } from '../../src/server/env.ts';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';

const dataDir = tempDataDir();
const root = dirname(dataDir);
const uploadsDir = join(root, 'uploads');
const backupDir = join(root, 'backups');
const env = {
  DATABASE_URL: `file://${dataDir}`,
  STORAGE_DRIVER: 'local',
  STORAGE_LOCAL_DIR: uploadsDir,
  BACKUP_DIR: backupDir,
  SEED_ON_START: 'false',
  NODE_ENV: 'development',
};

/** `npm run db:backup` or `db:restore` as an operator runs it, with this test's directories. */
function npmRun(script: 'db:backup' | 'db:restore', ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], { env: childProcessEnv(env) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** A write anyone may make: a browser's error report, stored in front_error_logs. */
async function reportError(server: ServerProcess, message: string): Promise<void> {
  const token = await fetch(`${server.url}/csrf-token`);
  const xsrf = token.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const response = await fetch(`${server.url}/api/front-error-logs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: xsrf, 'X-XSRF-TOKEN': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify({ message }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

async function storedMessages(): Promise<string[]> {
  const database = await openDatabase(`file://${dataDir}`);
  try {
    const rows = await queryRows<{ message: string }>(database.db, sql`select message from front_error_logs order by message`);
    return rows.map((row) => row.message);
  } finally {
    await database.close();
  }
}

const upload = (key: string) => join(uploadsDir, key);
const entriesBeside = () => readdirSync(root).sort();

let server: ServerProcess | undefined;
let backup: string;

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  server = await startServer(dataDir, env);
  await waitUntilHealthy(server);
  await reportError(server, 'before-1');
  await reportError(server, 'before-2');
  mkdirSync(dirname(upload('images/1/before.webp')), { recursive: true });
  writeFileSync(upload('images/1/before.webp'), 'before');

  const made = await npmRun('db:backup');
  expect(made.code, made.output).toBe(0);
  backup = /^Backup: (.+)$/m.exec(made.output)?.[1] ?? '';
  expect(made.output).toContain('Asked the running server');

  await reportError(server, 'after-1');
  writeFileSync(upload('images/1/after.webp'), 'after');
});

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

describe('backups of the embedded database', () => {
  it('are made by the running server when asked, under a final name only once complete', () => {
    expect(dirname(backup)).toBe(backupDir);
    // The job's own first run, 30 s after start, may have written another by now.
    const names = readdirSync(backupDir);
    expect(names).toContain(basename(backup));
    expect(names.every((name) => /^ritual-backup-\d{8}T\d{9}Z\.tar$/.test(name))).toBe(true);
  });

  it('refuses to restore while a server runs, touching nothing', async () => {
    const before = entriesBeside();
    const refused = await npmRun('db:restore', backup);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already in use by another server');
    expect(entriesBeside()).toEqual(before);
  });

  it('refuses a damaged backup before touching the data directory', async () => {
    expect(await stopServer(server!, 'SIGTERM', { killAfterMs: 15_000 })).toBe(0);
    server = undefined;
    const damaged = join(root, 'damaged.tar');
    cpSync(backup, damaged);
    const bytes = readFileSync(damaged);
    // A byte of PG_VERSION's contents, which follow its 512-byte header: the archive still reads.
    const contents = bytes.indexOf('database/PG_VERSION') + 512;
    bytes[contents] = (bytes[contents]! + 1) % 256;
    writeFileSync(damaged, bytes);
    const before = entriesBeside();
    const refused = await npmRun('db:restore', damaged);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/cannot be restored:\n\s+- database\/PG_VERSION does not match its checksum\n/);
    expect(entriesBeside()).toEqual(before);
    expect(await storedMessages()).toEqual(['after-1', 'before-1', 'before-2']);
  });

  it('restores exactly the backed-up state, keeping what it replaced, and the server starts on it', async () => {
    const restored = await npmRun('db:restore', backup);
    expect(restored.code, restored.output).toBe(0);
    expect(await storedMessages()).toEqual(['before-1', 'before-2']);
    expect(readFileSync(upload('images/1/before.webp'), 'utf8')).toBe('before');
    expect(existsSync(upload('images/1/after.webp'))).toBe(false);
    const kept = entriesBeside().filter((name) => name.includes('.before-restore-'));
    expect(kept).toEqual([expect.stringMatching(/^db\.before-restore-/), expect.stringMatching(/^uploads\.before-restore-/)]);
    expect(existsSync(join(root, kept[1]!, 'images/1/after.webp'))).toBe(true);

    server = await startServer(dataDir, env);
    await waitUntilHealthy(server);
    await reportError(server, 'after-restore');
  });
});
