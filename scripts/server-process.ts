// Starts, watches and stops the built server as a child process, the way `npm start` runs it:
// for the process tests and the bench.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { childProcessEnv } from '../src/server/env.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-flags.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ENTRY = join(ROOT, SERVER_ENTRY);

const HEALTH_POLL_MS = 100;
const LOG_TAIL_BYTES = 256 * 1024;

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      probe.close(() => resolve(bound));
    });
  });
}

/** `preferred` when it is free, any free port otherwise. */
export async function freePort(preferred?: number): Promise<number> {
  const port = (preferred === undefined ? null : await listenOn(preferred)) ?? (await listenOn(0));
  if (port === null) throw new Error('could not find a free port on 127.0.0.1');
  return port;
}

export const tempDataDir = (): string => join(mkdtempSync(join(tmpdir(), 'ritual-server-')), 'db');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** What the server wrote so far; with `logFile`, only the file's last 256 kB. */
  output: () => string;
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** Used instead of a random free port. */
  port?: number;
  /** Output goes to this file instead of memory, for runs that log a line per request. */
  logFile?: string;
  /** Another build's entry (bench/ab.ts compares two), instead of this checkout's. */
  entry?: string;
  /** Node flags instead of `npm start`'s, to measure a change to them. */
  nodeFlags?: readonly string[];
}

/** Starts the built server (`npm run build` first) on its own port and data directory. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const logFd = options.logFile === undefined ? null : openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    // The same Node flags as `npm start`: without them memory and start-up describe another process.
    child = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), options.entry ?? ENTRY], {
      cwd: ROOT,
      env: childProcessEnv({
        DATABASE_URL: `file://${dataDir}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        ...env,
      }),
      // Writing straight into the file spares this process relaying megabytes of request logs.
      stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    });
  } finally {
    if (logFd !== null) closeSync(logFd);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (options.logFile !== undefined) {
    const logFile = options.logFile;
    return { child, url, output: () => fileTail(logFile), exited };
  }
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url, output: () => output, exited };
}

function fileTail(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = fstatSync(fd);
    const length = Math.min(size, LOG_TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** How the process ended ("code 1", "signal SIGKILL"), or null while it runs. */
export function exitDescription(server: ServerProcess): string | null {
  const { exitCode, signalCode } = server.child;
  if (signalCode !== null) return `signal ${signalCode}`;
  return exitCode === null ? null : `code ${exitCode}`;
}

/** The last lines of output without the request lines, which would hide why the server stopped. */
export function outputTail(server: ServerProcess, lines = 30): string {
  const kept = server
    .output()
    .split('\n')
    .filter((line) => !line.includes('"msg":"request"'));
  return kept.slice(-lines).join('\n');
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Waits until /healthz answers 200; fails as soon as the process ends, or when the time runs out. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exitDescription(server);
    if (exit !== null) throw new Error(`the server exited during start (${exit}). Output tail:\n${outputTail(server)}`);
    if (await isHealthy(server.url)) return;
    await delay(HEALTH_POLL_MS);
  }
  throw new Error(`GET /healthz did not answer 200 within ${timeoutMs / 1000} s. Output tail:\n${outputTail(server)}`);
}

/**
 * Sends `signal` and resolves with the exit code. With `killAfterMs`, a server still running by
 * then gets SIGKILL, so a hung shutdown cannot hang the caller.
 */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  { killAfterMs }: { killAfterMs?: number } = {},
): Promise<number | null> {
  if (exitDescription(server) !== null) return server.child.exitCode;
  server.child.kill(signal);
  if (killAfterMs === undefined) return server.exited;
  const timer = setTimeout(() => {
    console.warn(`The server did not exit within ${killAfterMs / 1000} s of ${signal}: killing it.`);
    server.child.kill('SIGKILL');
  }, killAfterMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
