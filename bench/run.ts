/**
 * `npm run bench`: load-tests the built server (healthz, one API route, the home page and a
 * static file) with autocannon, samples the server's memory, checks the goals and writes
 * bench/results.json. See bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon publishes no types and no @types package is installed; the part used is typed below.
import untypedAutocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { childProcessEnv } from '../src/server/env.ts';

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
}

/** The part of autocannon's result this script reads. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

const autocannon: (options: AutocannonOptions) => Promise<AutocannonResult> = untypedAutocannon;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = join(ROOT, 'dist/server/entry.mjs');
const STATIC_DIR = join(ROOT, 'dist/client/_astro');
const RESULTS_FILE = join(ROOT, 'bench/results.json');

const PREFERRED_PORT = 4600;
const HEALTH_POLL_MS = 200;
const HEALTH_TIMEOUT_MS = 60_000;
const MEMORY_SAMPLE_MS = 250;
const WARMUP_SECONDS = 2;
const STOP_TIMEOUT_MS = 10_000;
const MB = 1024 * 1024;

const BANNER_GOAL_RPS = 2000;
const PEAK_RSS_GOAL_MB = 300;

interface Settings {
  connections: number;
  duration: number;
}

interface Target {
  name: string;
  path: string;
}

interface MeasuredResult {
  target: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The highest RSS sampled during this target's warm-up and run, to see which route costs memory. */
  peakRssMb: number | null;
  /** Non-2xx answers or errors: the numbers describe error handling, not the page. */
  flagged: boolean;
}

interface SkippedResult {
  target: string;
  skipped: string;
}

type TargetResult = MeasuredResult | SkippedResult;

interface Goal {
  name: string;
  target: string;
  actual: number | null;
  pass: boolean;
}

interface Server {
  child: ChildProcess;
  port: number;
  logPath: string;
}

/** What has to be undone at the end, filled in as the run gets that far. */
interface RunState {
  server?: Server;
  sampler?: MemorySampler;
  tempDir?: string;
  keepLog: boolean;
}

// ---------------------------------------------------------------------------------------------
// Settings and build

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: { duration: { type: 'string' }, connections: { type: 'string' } },
  });
  return {
    duration: positiveInt('duration', values.duration, 10),
    connections: positiveInt('connections', values.connections, 50),
  };
}

function ensureBuild(): void {
  if (existsSync(SERVER_ENTRY)) {
    // Rebuilding on every run would make the bench slow; `npm run build` is the user's call.
    console.log(`Reusing the existing build (${statSync(SERVER_ENTRY).mtime.toISOString()}); run \`npm run build\` after changes.`);
    return;
  }
  console.log('No build yet: building…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
}

// ---------------------------------------------------------------------------------------------
// Server

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

/** The usual port when it is free, so logs are easy to compare; any free port otherwise. */
async function freePort(): Promise<number> {
  const port = (await listenOn(PREFERRED_PORT)) ?? (await listenOn(0));
  if (port === null) throw new Error('could not find a free port on 127.0.0.1');
  return port;
}

function startServer(tempDir: string, port: number): Server {
  const logPath = join(tempDir, 'server.log');
  // The child writes straight into the file, so this process spends no CPU relaying its logs.
  const logFd = openSync(logPath, 'a');
  try {
    // The same Node flags as `npm start`, or the memory figures would describe another process.
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
      cwd: ROOT,
      stdio: ['ignore', logFd, logFd],
      env: childProcessEnv({
        DATABASE_URL: `file://${join(tempDir, 'db')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Production would need APP_KEY and refuses to seed the demo data the pages need.
        NODE_ENV: 'development',
        // What a real deployment runs with: one JSON line per request is part of the cost.
        LOG_LEVEL: 'info',
        SEED_ON_START: 'true',
      }),
    });
    return { child, port, logPath };
  } finally {
    closeSync(logFd);
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** The last lines of the log that are not access lines, which would hide why the server stopped. */
async function logTail(logPath: string, bytes = 256 * 1024): Promise<string> {
  // The log holds a line per request, so only its end is read.
  const file = await open(logPath, 'r').catch(() => null);
  if (!file) return '(no log)';
  try {
    const { size } = await file.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    const lines = buffer
      .toString('utf8')
      .split('\n')
      .filter((line) => !line.includes('"msg":"request"'));
    return lines.slice(-30).join('\n');
  } finally {
    await file.close();
  }
}

function exitDescription(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitUntilHealthy(server: Server, baseUrl: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(server.child)) {
      throw new Error(
        `the server exited during start (${exitDescription(server.child)}). Log tail:\n${await logTail(server.logPath)}`,
      );
    }
    if (await isHealthy(baseUrl)) return;
    await delay(HEALTH_POLL_MS);
  }
  throw new Error(
    `GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s. Log tail:\n${await logTail(server.logPath)}`,
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    delay(STOP_TIMEOUT_MS, true, { ref: false }),
  ]);
  if (timedOut && !hasExited(child)) {
    console.warn(`The server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killing it.`);
    child.kill('SIGKILL');
    await exited;
  }
}

// ---------------------------------------------------------------------------------------------
// Memory

/** A `Vm*` field of /proc/<pid>/status in kB, or null where /proc is unavailable (not Linux). */
function readProcStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s*(\\d+)\\s*kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function toMb(kb: number | null): number | null {
  return kb === null ? null : Math.round((kb / 1024) * 10) / 10;
}

interface MemoryReport {
  startMb: number | null;
  /** The highest RSS sampled while the benchmarks ran. */
  loadPeakMb: number | null;
  /** The larger of loadPeakMb and VmHWM, which also covers the start (migrations, seeding). */
  peakMb: number | null;
}

class MemorySampler {
  private readonly startKb: number | null;
  private maxRssKb: number | null = null;
  private phaseMaxKb: number | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.startKb = readProcStatusKb(pid, 'VmRSS');
    this.sample();
    // Unref'd, so a run that fails before stop() still lets the process exit.
    this.timer = setInterval(() => this.sample(), MEMORY_SAMPLE_MS).unref();
  }

  private sample(): void {
    const rss = readProcStatusKb(this.pid, 'VmRSS');
    if (rss === null) return;
    this.maxRssKb = Math.max(this.maxRssKb ?? 0, rss);
    this.phaseMaxKb = Math.max(this.phaseMaxKb ?? 0, rss);
  }

  cancel(): void {
    clearInterval(this.timer);
  }

  /** The highest RSS since the previous call. */
  takePhasePeakMb(): number | null {
    this.sample();
    const peak = this.phaseMaxKb;
    this.phaseMaxKb = null;
    return toMb(peak);
  }

  /** Must be called while the process still runs, since VmHWM dies with it. */
  stop(): MemoryReport {
    this.cancel();
    this.sample();
    // The kernel's own peak catches spikes between two samples.
    const hwm = readProcStatusKb(this.pid, 'VmHWM');
    const peak = hwm === null ? this.maxRssKb : Math.max(this.maxRssKb ?? 0, hwm);
    return { startMb: toMb(this.startKb), loadPeakMb: toMb(this.maxRssKb), peakMb: toMb(peak) };
  }
}

// ---------------------------------------------------------------------------------------------
// Benchmarks

/** The smallest asset, so the reference measures the server's per-request cost, not bandwidth. */
function staticTarget(): Target | SkippedResult {
  const files = existsSync(STATIC_DIR)
    ? readdirSync(STATIC_DIR, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => ({ name: entry.name, size: statSync(join(STATIC_DIR, entry.name)).size }))
        .sort((a, b) => a.size - b.size || a.name.localeCompare(b.name))
    : [];
  const file = files[0];
  if (!file) return { target: 'GET /_astro/* (static reference)', skipped: `no file in ${STATIC_DIR}` };
  const kb = (file.size / 1024).toFixed(1);
  return { name: `GET /_astro/* (static reference, ${kb} kB)`, path: `/_astro/${file.name}` };
}

function targets(): Array<Target | SkippedResult> {
  return [
    { name: 'GET /healthz', path: '/healthz' },
    { name: 'GET /api/banners/current', path: '/api/banners/current?type=header_text_banner' },
    { name: 'GET /', path: '/' },
    staticTarget(),
  ];
}

function isSkipped(value: Target | TargetResult): value is SkippedResult {
  return 'skipped' in value;
}

function statusCounts(stats: AutocannonResult['statusCodeStats']): Record<string, number> {
  return Object.fromEntries(Object.entries(stats).map(([code, { count }]) => [code, count]));
}

async function benchmark(
  baseUrl: string,
  target: Target,
  settings: Settings,
  sampler: MemorySampler,
): Promise<MeasuredResult> {
  const url = `${baseUrl}${target.path}`;
  sampler.takePhasePeakMb();
  console.log(`${target.name} [${target.path}]: warm-up ${WARMUP_SECONDS} s, then ${settings.duration} s with ${settings.connections} connections…`);
  // JIT, caches and the connection pool settle first, so the first target is not penalised.
  await autocannon({ url, connections: settings.connections, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, connections: settings.connections, duration: settings.duration });
  return {
    target: target.name,
    path: target.path,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: statusCounts(result.statusCodeStats),
    peakRssMb: sampler.takePhasePeakMb(),
    flagged: result.non2xx > 0 || result.errors > 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function formatRow(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
}

function resultCells(result: TargetResult): string[] {
  if (isSkipped(result)) return [result.target, '-', '-', '-', '-', '-', '-', `skipped: ${result.skipped}`];
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(', ');
  return [
    result.target,
    String(result.requestsPerSecond),
    result.latencyP50Ms.toFixed(1),
    result.latencyP99Ms.toFixed(1),
    String(result.non2xx),
    String(result.errors),
    result.peakRssMb === null ? '?' : result.peakRssMb.toFixed(0),
    result.flagged ? `FLAGGED: not a valid measurement (${codes}, ${result.timeouts} timeouts)` : '',
  ];
}

function printTable(results: TargetResult[]): void {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'RSS MB', ''];
  const rows = results.map(resultCells);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? '').length)));
  console.log();
  console.log(formatRow(header, widths).trimEnd());
  console.log(widths.map((w) => '-'.repeat(w)).join('  ').trimEnd());
  for (const row of rows) console.log(formatRow(row, widths).trimEnd());
  console.log();
}

function printMemory(memory: MemoryReport): void {
  const mb = (value: number | null) => (value === null ? 'not measured' : `${value} MB`);
  console.log(`Server RSS: ${mb(memory.startMb)} after start, ${mb(memory.loadPeakMb)} highest sampled under load`);
  console.log(`Peak RSS (incl. start, VmHWM): ${mb(memory.peakMb)}\n`);
}

function checkGoals(results: TargetResult[], peakMb: number | null): Goal[] {
  const banner = results.find((r): r is MeasuredResult => !isSkipped(r) && r.path.startsWith('/api/banners/current'));
  return [
    {
      name: 'GET /api/banners/current req/s',
      target: `>= ${BANNER_GOAL_RPS}`,
      actual: banner?.requestsPerSecond ?? null,
      // Error answers are cheap, so a flagged run proves nothing about the route.
      pass: banner !== undefined && !banner.flagged && banner.requestsPerSecond >= BANNER_GOAL_RPS,
    },
    {
      name: 'peak RSS MB',
      target: `< ${PEAK_RSS_GOAL_MB}`,
      actual: peakMb,
      pass: peakMb !== null && peakMb < PEAK_RSS_GOAL_MB,
    },
  ];
}

function printGoals(goals: Goal[]): void {
  for (const goal of goals) {
    console.log(`${goal.pass ? 'PASS' : 'FAIL'}  ${goal.name}: ${goal.actual ?? 'not measured'} (goal ${goal.target})`);
  }
}

function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 / MB) * 10) / 10,
  };
}

async function writeResults(
  settings: Settings,
  results: TargetResult[],
  memory: MemoryReport,
  goals: Goal[],
): Promise<void> {
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    machine: machine(),
    settings: { ...settings, serverNodeFlags: SERVER_NODE_FLAGS },
    results,
    memory,
    goals,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${RESULTS_FILE}`);
}

// ---------------------------------------------------------------------------------------------
// Main

/** Stops the server and removes the temp dir once, whether the run ends, fails or is interrupted. */
function cleanupOnce(state: RunState): () => Promise<void> {
  let done: Promise<void> | undefined;
  const cleanup = async () => {
    state.sampler?.cancel();
    if (state.server) await stopServer(state.server.child);
    if (!state.tempDir) return;
    if (state.keepLog) {
      // The database goes, the log stays for the post-mortem.
      await rm(join(state.tempDir, 'db'), { recursive: true, force: true });
      console.error(`Server log kept at ${join(state.tempDir, 'server.log')}`);
    } else {
      await rm(state.tempDir, { recursive: true, force: true });
    }
  };
  return () => (done ??= cleanup());
}

async function run(state: RunState): Promise<number> {
  const settings = parseSettings(process.argv.slice(2));
  ensureBuild();

  state.tempDir = await mkdtemp(join(tmpdir(), 'ritual-bench-'));
  const server = startServer(state.tempDir, await freePort());
  state.server = server;
  const baseUrl = `http://127.0.0.1:${server.port}`;
  console.log(`Server log: ${server.logPath} (removed at the end unless the run fails)`);
  console.log(`Starting the server on ${baseUrl} (node ${SERVER_NODE_FLAGS.join(' ')})…`);
  await waitUntilHealthy(server, baseUrl);

  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const sampler = new MemorySampler(pid);
  state.sampler = sampler;

  const results: TargetResult[] = [];
  for (const target of targets()) {
    if (isSkipped(target)) {
      console.log(`${target.target}: skipped (${target.skipped})`);
      results.push(target);
      continue;
    }
    results.push(await benchmark(baseUrl, target, settings, sampler));
    // Numbers from a server that died under load would be meaningless.
    if (hasExited(server.child)) {
      throw new Error(
        `the server exited during ${target.name} (${exitDescription(server.child)}). Log tail:\n${await logTail(server.logPath)}`,
      );
    }
  }
  const memory = sampler.stop();

  printTable(results);
  if (results.some((r) => !isSkipped(r) && r.flagged)) {
    console.log('FLAGGED rows got non-2xx answers or errors: their numbers measure error handling.\n');
  }
  printMemory(memory);
  const goals = checkGoals(results, memory.peakMb);
  printGoals(goals);
  await writeResults(settings, results, memory, goals);
  return goals.every((goal) => goal.pass) ? 0 : 1;
}

async function main(): Promise<void> {
  const state: RunState = { keepLog: false };
  const cleanup = cleanupOnce(state);
  let interrupted = false;
  const interrupt = (signal: NodeJS.Signals) => {
    // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by
    // tsx), and a second signal without a listener would kill it before the cleanup ends.
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  try {
    process.exitCode = await run(state);
  } catch (error) {
    state.keepLog = true;
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await cleanup();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

await main();
