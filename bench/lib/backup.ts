import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitDescription, outputTail, startServer, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';

/** How long the server's scheduled backup of the bench's database held its statements back. */
export interface BackupHoldResult {
  /** The server's own figure: how long statements sent during the snapshot waited for it. */
  heldMs: number;
  /** The whole backup: the snapshot, then packing it and the uploads into one file. */
  backupMs: number;
  bytes: number;
  /** /healthz asked one after another from the start until the backup was written. */
  probes: number;
  /** The slowest of them, which waited behind the snapshot if anything did. */
  slowestProbeMs: number;
  /** The median probe, for comparison. */
  medianProbeMs: number;
}

interface BackupLine {
  job?: string;
  heldMs?: number;
  ms?: number;
  bytes?: number;
}

// The scheduler's first run comes 30 s after the start (src/server/jobs/scheduler.ts); the bench
// database's backup then takes some seconds more.
const BACKUP_WAIT_MS = 180_000;

async function writtenBackup(logFile: string): Promise<BackupLine | null> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    if (!line.includes('"job":"backup"')) continue;
    const parsed = JSON.parse(line) as BackupLine;
    if (parsed.heldMs !== undefined) return parsed;
  }
  return null;
}

/**
 * Starts the server once more on the bench's database, now with BACKUP_DIR, and waits for its
 * first scheduled backup, as a deployment would make it. Meanwhile /healthz, whose `select 1`
 * waits in the same queue as every write, is asked one request after another: the slowest of
 * them shows from outside what the server reports as held. Runs after the other measurements,
 * on their server stopped, so that the backup slows none of them.
 */
export async function measureBackupHold(
  tempDir: string,
  port: number,
  env: Record<string, string>,
  started: (server: ServerProcess) => void,
): Promise<BackupHoldResult> {
  const logFile = join(tempDir, 'backup-server.log');
  const server = await startServer(join(tempDir, 'db'), { ...env, BACKUP_DIR: join(tempDir, 'backups') }, { port, logFile });
  started(server);
  await waitUntilHealthy(server);
  const durations: number[] = [];
  const deadline = Date.now() + BACKUP_WAIT_MS;
  let written: BackupLine | null = null;
  while (written === null) {
    const exit = exitDescription(server);
    if (exit !== null) throw new Error(`the server exited before its backup (${exit}). Log tail:\n${outputTail(server)}`);
    if (Date.now() > deadline) throw new Error(`no backup within ${BACKUP_WAIT_MS / 1000} s. Log tail:\n${outputTail(server)}`);
    const begun = performance.now();
    const res = await fetch(`${server.url}/healthz`);
    await res.arrayBuffer();
    durations.push(performance.now() - begun);
    written = await writtenBackup(logFile);
    await sleep(20);
  }
  const sorted = durations.toSorted((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    heldMs: written.heldMs!,
    backupMs: written.ms ?? 0,
    bytes: written.bytes ?? 0,
    probes: durations.length,
    slowestProbeMs: round(sorted.at(-1)!),
    medianProbeMs: round(sorted[Math.floor(sorted.length / 2)]!),
  };
}
