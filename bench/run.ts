/**
 * `npm run bench`: load-tests the built server (bench/targets.ts) with autocannon, samples the
 * server's memory, soaks it with mixed traffic when asked, weighs the JavaScript of a few pages in
 * Chromium, audits a few pages with Lighthouse, times three taps in Chromium, times a backup and a
 * member's export on servers of their own, checks the goals (bench/goals.ts) and writes
 * bench/results.json. See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import type { LaunchedChrome } from 'chrome-launcher';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { TOSS_SECRET, startFakeToss } from '../tests/helpers/toss-server.ts';
import type { FakeToss } from '../tests/helpers/toss-server.ts';
import {
  ENTRY,
  exitDescription,
  freePort,
  outputTail,
  startServer,
  stopServer,
  waitUntilHealthy,
} from '../scripts/server-process.ts';
import type { ServerProcess } from '../scripts/server-process.ts';
import { checkGoals, pairedReferenceOf } from './goals.ts';
import { measureBackupHold } from './lib/backup.ts';
import type { BackupHoldResult } from './lib/backup.ts';
import { measureInteractions, prepareInteractionMembers } from './lib/interactions.ts';
import { measureExportOnItsServer } from './lib/member-export.ts';
import type { ExportBenchResult } from './lib/member-export.ts';
import type { InteractionMembers, InteractionResult } from './lib/interactions.ts';
import { auditPages, auditPagesOnSlowCpu, launchChrome } from './lib/lighthouse.ts';
import type { LighthouseResult, SlowCpuResult } from './lib/lighthouse.ts';
import { benchmark, isSkipped } from './lib/load.ts';
import type { Target, TargetResult } from './lib/load.ts';
import { MemorySampler } from './lib/memory.ts';
import { launchBrowser, measurePageWeights } from './lib/page-weight.ts';
import type { PageWeightResult } from './lib/page-weight.ts';
import {
  printBackup,
  printGoals,
  printMemberExport,
  printInteractions,
  printLighthouse,
  printMemory,
  printPageWeights,
  printSlowCpu,
  printSoak,
  printTable,
  writeResults,
} from './lib/report.ts';
import { parseSettings } from './lib/settings.ts';
import { runSoak } from './lib/soak.ts';
import type { SoakResult } from './lib/soak.ts';
import { prepareSoakBrowsers } from './lib/soak-members.ts';
import type { SoakBrowsers } from './lib/soak-members.ts';
import { explorerTargets, ritualPagePath } from './lib/explorer.ts';
import { storeTargets } from './lib/store.ts';
import { fillNotifications, notificationTargets } from './lib/notifications.ts';
import type { NotificationBenchData } from './lib/notifications.ts';
import { fillOrderMembers, runOrderFlow } from './lib/orders.ts';
import type { OrderBenchData } from './lib/orders.ts';
import { fillRoom, roomTargets } from './lib/rooms.ts';
import type { RoomBenchData } from './lib/rooms.ts';
import { fillSquare, seedBenchDatabase, squareTargets } from './lib/square.ts';
import type { SquareBenchData } from './lib/square.ts';
import type { Settings } from './lib/settings.ts';
import { prepareTodayMember } from './lib/today.ts';
import type { TodayBenchData } from './lib/today.ts';
import { auditedPages, memberAuditedPages, targets, weighedPages } from './targets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The usual port when it is free, so logs are easy to compare. */
const PREFERRED_PORT = 4600;
const STOP_TIMEOUT_MS = 10_000;

/** What has to be undone at the end, filled in as the run gets that far. */
interface RunState {
  server?: ServerProcess;
  sampler?: MemorySampler;
  browser?: Browser;
  chrome?: LaunchedChrome;
  tempDir?: string;
  toss?: FakeToss;
  keepLog: boolean;
}

function ensureBuild(): void {
  if (existsSync(ENTRY)) {
    // Rebuilding on every run would make the bench slow; `npm run build` is the user's call.
    console.log(`Reusing the existing build (${statSync(ENTRY).mtime.toISOString()}); run \`npm run build\` after changes.`);
    return;
  }
  console.log('No build yet: building…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
}

/** The database before the server opens it: the demo data and, unless skipped, 100,000 square posts. */
async function prepareSquare(tempDir: string, settings: Settings): Promise<SquareBenchData | null> {
  if (settings.skipSquare) {
    await seedBenchDatabase(join(tempDir, 'db'));
    return null;
  }
  console.log('Filling the square with 100,000 posts…');
  const square = await fillSquare(join(tempDir, 'db'));
  console.log(
    `The square has ${square.posts.toLocaleString('en-US')} posts (${square.fillSeconds} s); the post under test is ` +
      `/square/${square.post.categorySlug}/${square.post.id} with ${square.post.comments} comments.`,
  );
  return square;
}

/** After the square, before the start: 10,000 members, 1,000,000 notifications and one signed-in member, unless skipped. */
async function prepareNotifications(tempDir: string, settings: Settings): Promise<NotificationBenchData | null> {
  if (settings.skipNotifications) return null;
  console.log('Filling 1,000,000 notifications over 10,000 members…');
  const data = await fillNotifications(join(tempDir, 'db'));
  console.log(
    `${data.notifications.toLocaleString('en-US')} notifications over ${data.members.toLocaleString('en-US')} more members ` +
      `(${data.fillSeconds} s); the poll is sent as ${data.member.email}, who has ${data.member.notifications}.`,
  );
  return data;
}

/** A running room of 20 members with 2,000 posts and one signed-in member. */
async function prepareRoom(tempDir: string): Promise<RoomBenchData> {
  console.log('Filling a room of 20 members with 2,000 posts…');
  const data = await fillRoom(join(tempDir, 'db'));
  console.log(`The room /room/${data.roomId} has ${data.posts.toLocaleString('en-US')} posts (${data.fillSeconds} s).`);
  return data;
}

/** The page-weight member's /today: a running session to show, and a session for Lighthouse. */
async function prepareToday(tempDir: string): Promise<TodayBenchData> {
  const today = await prepareTodayMember(join(tempDir, 'db'));
  console.log(`/today is weighed and audited as ${today.email}, with ${today.runningSessions} running session(s).`);
  return today;
}

/** A signed-in member of the room for each run of the taps, unless skipped. */
async function prepareInteractions(tempDir: string, settings: Settings, room: RoomBenchData): Promise<InteractionMembers | null> {
  if (settings.skipInteractions) return null;
  console.log("Signing in the taps' members…");
  return prepareInteractionMembers(join(tempDir, 'db'), room.roomId);
}

/** Last before the start: the soak's signed-in browsers, with --soak only. */
async function prepareSoak(tempDir: string, settings: Settings): Promise<SoakBrowsers | null> {
  if (settings.soak === null) return null;
  console.log("Signing in the soak's browsers…");
  return prepareSoakBrowsers(join(tempDir, 'db'));
}

/** 50 members, each with a session, and a product in stock for the order flow. */
async function prepareOrders(tempDir: string): Promise<OrderBenchData> {
  console.log('Preparing 50 buying members and a product for the order flow…');
  return fillOrderMembers(join(tempDir, 'db'));
}

/** The server's settings as deployed, for the port it listens on. */
function benchServerEnv(port: number, toss: FakeToss): Record<string, string> {
  return {
    // As deployed: React's production build renders the pages (development's costs several times more).
    // The demo data went in before the start; mail is never sent during the bench.
    NODE_ENV: 'production',
    APP_KEY: randomBytes(32).toString('base64'),
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    // What a real deployment runs with: one JSON line per request is part of the cost.
    LOG_LEVEL: 'info',
    // Canonical and share URLs name the origin the pages are read on, as in production.
    APP_URL: `http://127.0.0.1:${port}`,
    // Production takes payments through Toss; here through a local server speaking its API.
    PAYMENT_PROVIDER: 'toss',
    TOSS_CLIENT_KEY: 'test_ck_bench',
    TOSS_SECRET_KEY: TOSS_SECRET,
    TOSS_BASE_URL: toss.baseUrl,
  };
}

async function startBenchServer(tempDir: string, toss: FakeToss): Promise<ServerProcess> {
  const logFile = join(tempDir, 'server.log');
  const port = await freePort(PREFERRED_PORT);
  const server = await startServer(join(tempDir, 'db'), benchServerEnv(port, toss), { port, logFile });
  console.log(`Server log: ${logFile} (removed at the end unless the run fails)`);
  console.log(`Starting the server on ${server.url} (node ${SERVER_NODE_FLAGS.join(' ')})…`);
  return server;
}

/** Last of all, on the bench's database once its server has stopped: the first scheduled backup. */
async function backupHold(server: ServerProcess, settings: Settings, state: RunState): Promise<BackupHoldResult | null> {
  if (settings.skipBackup) return null;
  await stopServer(server, 'SIGTERM', { killAfterMs: STOP_TIMEOUT_MS });
  delete state.server;
  console.log('Waiting for a backup of the bench database, made on schedule by a server started with BACKUP_DIR…');
  const port = await freePort();
  return measureBackupHold(state.tempDir!, port, benchServerEnv(port, state.toss!), (started) => {
    state.server = started;
  });
}

/** After the backup, on a database and a server of its own: a member of years exports everything. */
async function memberExport(settings: Settings, state: RunState): Promise<ExportBenchResult | null> {
  if (settings.skipExport) return null;
  if (state.server) {
    await stopServer(state.server, 'SIGTERM', { killAfterMs: STOP_TIMEOUT_MS });
    delete state.server;
  }
  return measureExportOnItsServer(join(state.tempDir!, 'export'), (server) => {
    if (server) state.server = server;
    else delete state.server;
  });
}

async function measureAll(
  server: ServerProcess,
  settings: Settings,
  sampler: MemorySampler,
  square: SquareBenchData | null,
  notifications: NotificationBenchData | null,
  room: RoomBenchData,
  orders: OrderBenchData,
): Promise<TargetResult[]> {
  const results: TargetResult[] = [];
  const squareOnes = square ? await squareTargets(server.url, square) : [];
  const notificationOnes = notifications ? await notificationTargets(server.url, notifications) : [];
  const explorerOnes = await explorerTargets(server.url);
  const roomOnes = await roomTargets(server.url, room);
  const storeOnes = await storeTargets(server.url, notifications?.cookie ?? null);
  const all = targets(squareOnes, notificationOnes, explorerOnes, roomOnes, storeOnes);
  const measurable = all.filter((target): target is Target => !isSkipped(target));
  // Numbers from a server that died under load would be meaningless.
  const checkAlive = (name: string) => {
    const exit = exitDescription(server);
    if (exit !== null) throw new Error(`the server exited during ${name} (${exit}). Log tail:\n${outputTail(server)}`);
  };
  for (const target of all) {
    if (isSkipped(target)) {
      console.log(`${target.target}: skipped (${target.skipped})`);
      results.push(target);
      continue;
    }
    const result = await benchmark(server.url, target, settings, sampler);
    checkAlive(target.name);
    const referenceName = pairedReferenceOf(target.name);
    const reference = referenceName === undefined ? undefined : measurable.find((t) => t.name.startsWith(referenceName));
    if (reference !== undefined) {
      const measured = await benchmark(server.url, reference, settings, sampler);
      checkAlive(reference.name);
      result.pairedReference = { target: measured.target, requestsPerSecond: measured.requestsPerSecond, flagged: measured.flagged };
    }
    results.push(result);
  }
  // Last of the targets: it writes orders and takes stock, which the pages above do not read.
  results.push(await runOrderFlow(server.url, orders, settings.duration, settings.connections, sampler));
  const exit = exitDescription(server);
  if (exit !== null) throw new Error(`the server exited during the order flow (${exit}). Log tail:\n${outputTail(server)}`);
  return results;
}

/** After the targets, on the same server, so that the memory it finds has been through them all. */
async function soak(
  server: ServerProcess,
  pid: number,
  settings: Settings,
  browsers: SoakBrowsers | null,
  sampler: MemorySampler,
): Promise<SoakResult | null> {
  if (settings.soak === null || browsers === null) return null;
  const result = await runSoak(server.url, pid, browsers, settings.soak, sampler);
  const exit = exitDescription(server);
  if (exit !== null) throw new Error(`the server exited during the soak (${exit}). Log tail:\n${outputTail(server)}`);
  return result;
}

/** After the load, on the same server: a page's weight does not depend on how busy the server was. */
async function weighPages(server: ServerProcess, settings: Settings, state: RunState): Promise<PageWeightResult[] | null> {
  if (settings.skipPageWeight) return null;
  const browser = await launchBrowser();
  state.browser = browser;
  try {
    return await measurePageWeights(browser, server.url, weighedPages(await ritualPagePath(server.url)));
  } finally {
    await browser.close();
    delete state.browser;
  }
}

/**
 * On the same quiet server, so that the load does not slow the pages Lighthouse times: the phone
 * of Lighthouse's defaults, then the same pages and the member's /today on a slower CPU.
 */
async function runLighthouse(
  server: ServerProcess,
  settings: Settings,
  state: RunState,
  today: TodayBenchData,
): Promise<{ lighthouse: LighthouseResult[]; slowCpu: SlowCpuResult[] } | null> {
  if (settings.skipLighthouse) return null;
  const chrome = await launchChrome();
  state.chrome = chrome;
  try {
    const pages = auditedPages(await ritualPagePath(server.url));
    const lighthouse = await auditPages(chrome, server.url, pages, settings.lighthouseRuns);
    const slowPages = [...pages, ...memberAuditedPages(today.cookie)];
    const slowCpu = await auditPagesOnSlowCpu(chrome, server.url, slowPages, settings.lighthouseRuns, settings.slowCpu);
    return { lighthouse, slowCpu };
  } finally {
    chrome.kill();
    delete state.chrome;
  }
}

/** After Lighthouse, on the quiet server: a tap's paint waits for the page's CPU, which the load would share. */
async function runInteractions(
  server: ServerProcess,
  state: RunState,
  members: InteractionMembers | null,
  room: RoomBenchData,
  orders: OrderBenchData,
): Promise<InteractionResult[] | null> {
  if (members === null) return null;
  const browser = await launchBrowser();
  state.browser = browser;
  try {
    return await measureInteractions(browser, server.url, members, room, orders.productId);
  } finally {
    await browser.close();
    delete state.browser;
  }
}

async function run(state: RunState): Promise<number> {
  const settings = parseSettings(process.argv.slice(2));
  ensureBuild();
  state.tempDir = await mkdtemp(join(tmpdir(), 'ritual-bench-'));
  const square = await prepareSquare(state.tempDir, settings);
  const notifications = await prepareNotifications(state.tempDir, settings);
  const room = await prepareRoom(state.tempDir);
  const orders = await prepareOrders(state.tempDir);
  const today = await prepareToday(state.tempDir);
  const tapMembers = await prepareInteractions(state.tempDir, settings, room);
  const soakBrowsers = await prepareSoak(state.tempDir, settings);
  state.toss = await startFakeToss();
  const server = await startBenchServer(state.tempDir, state.toss);
  state.server = server;
  await waitUntilHealthy(server);

  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const sampler = new MemorySampler(pid);
  state.sampler = sampler;
  const results = await measureAll(server, settings, sampler, square, notifications, room, orders);
  const soakResult = await soak(server, pid, settings, soakBrowsers, sampler);
  const memory = sampler.stop();
  const pageWeight = await weighPages(server, settings, state);
  const audits = await runLighthouse(server, settings, state, today);
  const lighthouse = audits?.lighthouse ?? null;
  const lighthouseSlowCpu = audits?.slowCpu ?? null;
  const interactions = await runInteractions(server, state, tapMembers, room, orders);
  const backup = await backupHold(server, settings, state);
  const exported = await memberExport(settings, state);

  printTable(results);
  printSoak(soakResult);
  printMemory(memory);
  printPageWeights(pageWeight);
  printLighthouse(lighthouse);
  printSlowCpu(lighthouseSlowCpu);
  printInteractions(interactions);
  printBackup(backup);
  printMemberExport(exported);
  const measured = { results, memory, soak: soakResult, pageWeight, lighthouse, lighthouseSlowCpu, interactions, memberExport: exported };
  const goals = checkGoals({
    ...measured,
    squareSkipped: square === null,
    notificationsSkipped: notifications === null,
  });
  printGoals(goals);
  // The session cookie is a credential, even a throwaway one: it stays out of the results.
  const notificationSummary = notifications ? { ...notifications, cookie: undefined } : null;
  await writeResults(settings, {
    ...measured,
    goals,
    square,
    notifications: notificationSummary,
    backup,
  });
  return goals.every((goal) => goal.pass) ? 0 : 1;
}

/** Stops the server and removes the temp dir once, whether the run ends, fails or is interrupted. */
function cleanupOnce(state: RunState): () => Promise<void> {
  let done: Promise<void> | undefined;
  const cleanup = async () => {
    state.sampler?.cancel();
    // Playwright's own signal handlers are off (bench/lib/page-weight.ts), so the browser is closed here.
    await state.browser?.close().catch(() => undefined);
    state.chrome?.kill();
    if (state.server) await stopServer(state.server, 'SIGTERM', { killAfterMs: STOP_TIMEOUT_MS });
    await state.toss?.close();
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
