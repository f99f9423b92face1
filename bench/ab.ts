/**
 * Two builds of the server (or one build under two sets of Node flags), served side by side from
 * copies of one database and loaded at the same time, round after round.
 *
 * Machines here drift by 10-30 % within minutes, so two runs of `npm run bench` one after the other
 * cannot tell a 10 % change from the noise. Loaded together, both servers meet the same drift; what
 * differs between them is how much of the machine each needs per request.
 *
 *   cp -r dist .bench/a && (make the change) && npm run build && cp -r dist .bench/b
 *   npm run bench:ab -- .bench/a .bench/b --target room-post
 *   npm run bench:ab -- dist dist --flags-b="--max-semi-space-size=8"
 *   npm run bench:ab -- .bench/a .bench/b --target room-post,room-home,member-page
 *
 * A build must sit inside the project (`.bench/` is ignored by git): its imports resolve from the
 * project's node_modules.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { freePort, startServer, stopServer, waitUntilHealthy } from '../scripts/server-process.ts';
import type { ServerProcess } from '../scripts/server-process.ts';
import { TOSS_SECRET, startFakeToss } from '../tests/helpers/toss-server.ts';
import type { FakeToss } from '../tests/helpers/toss-server.ts';
import { autocannon, isSkipped } from './lib/load.ts';
import { MemorySampler } from './lib/memory.ts';
import { ORDER_FLOW, fillOrderMembers, runOrderFlow } from './lib/orders.ts';
import type { OrderBenchData } from './lib/orders.ts';
import { ROOM_HOME_PAGE, ROOM_HOWTO_PAGE, ROOM_POST_PAGE, fillRoom, roomTargets } from './lib/rooms.ts';
import { seedBenchDatabase } from './lib/square.ts';

const TARGETS = { 'room-home': ROOM_HOME_PAGE, 'room-post': ROOM_POST_PAGE, 'member-page': ROOM_HOWTO_PAGE, orders: ORDER_FLOW } as const;
const WARMUP_SECONDS = 3;
const ROUND_SECONDS = 8;
/** Each server gets half of the 50 connections (or buying members) `npm run bench` uses. */
const CONNECTIONS = 25;
/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: 'string', default: 'room-post' },
    rounds: { type: 'string', default: '5' },
    'flags-a': { type: 'string' },
    'flags-b': { type: 'string' },
  },
});
const [buildA, buildB] = positionals;
// Pages of the room one after the other share one seeded database; the order flow runs alone.
const targetKeys = values.target.split(',');
const targetNames = targetKeys.map((key) => TARGETS[key as keyof typeof TARGETS]);
const ordering = targetKeys.includes('orders');
const rounds = Number(values.rounds);
if (!buildA || !buildB || targetNames.some((name) => !name) || (ordering && targetKeys.length > 1) || !Number.isInteger(rounds) || rounds < 1) {
  console.error(`usage: npm run bench:ab -- <build A> <build B> [--target ${Object.keys(TARGETS).join('|')}, or pages separated by commas] [--rounds N] [--flags-a="…"] [--flags-b="…"]`);
  process.exit(2);
}

/** `npm start`'s flags, with those given replacing the ones of the same name. */
function nodeFlags(changed: string | undefined): string[] {
  const extra = changed?.split(' ').filter(Boolean) ?? [];
  const name = (flag: string) => flag.split('=')[0];
  return [...SERVER_NODE_FLAGS.filter((flag) => !extra.some((other) => name(other) === name(flag))), ...extra];
}

async function cpuMs(server: ServerProcess): Promise<number> {
  const fields = (await readFile(`/proc/${server.child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

const median = (numbers: number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One round's outcome on one server: its rate, what the rate counts, and what went wrong. */
interface Round {
  rate: number;
  count: number;
  failed: number;
}

type Load = (server: ServerProcess, seconds: number) => Promise<Round>;

/** The page target's load: autocannon on the page as the room's member. */
async function pageLoad(url: string, room: Awaited<ReturnType<typeof fillRoom>>, name: string): Promise<Load> {
  const found = (await roomTargets(url, room)).find((target) => !isSkipped(target) && target.name === name);
  if (!found || isSkipped(found)) throw new Error(`${name} does not answer 200 on build A`);
  return async (server, duration) => {
    const result = await autocannon({ url: `${server.url}${found.path}`, connections: CONNECTIONS, duration, headers: found.headers ?? {} });
    return { rate: result.requests.average, count: result.requests.total, failed: result.non2xx + result.errors };
  };
}

/** The order flow's load: members buying, each server's stock checked against what it was paid for. */
function orderLoad(data: OrderBenchData): Load {
  return async (server, seconds) => {
    const sampler = new MemorySampler(server.child.pid!);
    try {
      const result = await runOrderFlow(server.url, data, seconds, CONNECTIONS, sampler);
      return { rate: result.requestsPerSecond, count: result.paidOrders, failed: result.non2xx + result.errors + (result.stockDifference === 0 ? 0 : 1) };
    } finally {
      sampler.cancel();
    }
  };
}

const tempDir = await mkdtemp(join(tmpdir(), 'ritual-ab-'));
const servers: ServerProcess[] = [];
let toss: FakeToss | undefined;
try {
  console.log(ordering ? 'Seeding the database and 50 buying members…' : 'Seeding the database and filling a room of 20 members with 2,000 posts…');
  await seedBenchDatabase(join(tempDir, 'a'));
  const room = ordering ? null : await fillRoom(join(tempDir, 'a'));
  const orders = ordering ? await fillOrderMembers(join(tempDir, 'a')) : null;
  await cp(join(tempDir, 'a'), join(tempDir, 'b'), { recursive: true });
  toss = ordering ? await startFakeToss() : undefined;
  // One key for both, so the member's cookie opens either.
  const appKey = randomBytes(32).toString('base64');
  const payments: Record<string, string> = toss ? { PAYMENT_PROVIDER: 'toss', TOSS_CLIENT_KEY: 'test_ck_bench', TOSS_SECRET_KEY: TOSS_SECRET, TOSS_BASE_URL: toss.baseUrl } : {};
  for (const [side, build, flags] of [['a', buildA, values['flags-a']], ['b', buildB, values['flags-b']]] as const) {
    const port = await freePort();
    const server = await startServer(
      join(tempDir, side),
      { NODE_ENV: 'production', APP_URL: `http://127.0.0.1:${port}`, APP_KEY: appKey, MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...payments },
      { port, logFile: join(tempDir, `server-${side}.log`), entry: resolve(build, 'server/entry.mjs'), nodeFlags: nodeFlags(flags) },
    );
    servers.push(server);
    await waitUntilHealthy(server);
  }
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const unit = orders ? 'paid orders/s' : 'req/s';
  for (const targetName of targetNames) {
    const load = orders ? orderLoad(orders) : await pageLoad(a.url, room!, targetName!);
    console.log(`${targetName}: A ${buildA} (${nodeFlags(values['flags-a']).join(' ')}) against B ${buildB} (${nodeFlags(values['flags-b']).join(' ')})`);
    await Promise.all([load(a, WARMUP_SECONDS), load(b, WARMUP_SECONDS)]);
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const before = await Promise.all([cpuMs(a), cpuMs(b)]);
      const [resultA, resultB] = await Promise.all([load(a, ROUND_SECONDS), load(b, ROUND_SECONDS)]);
      const after = await Promise.all([cpuMs(a), cpuMs(b)]);
      if (resultA.failed + resultB.failed > 0) throw new Error(`round ${round} had failed requests: the numbers would describe error pages`);
      const perUnit = (index: 0 | 1, total: number) => ((after[index] - before[index]) / total).toFixed(2);
      const ratio = resultB.rate / resultA.rate;
      ratios.push(ratio);
      console.log(
        `round ${round}: A ${resultA.rate} ${unit}, ${perUnit(0, resultA.count)} ms CPU each | ` +
          `B ${resultB.rate} ${unit}, ${perUnit(1, resultB.count)} ms CPU each | B/A ${ratio.toFixed(3)}`,
      );
    }
    console.log(`B/A, median of ${rounds} rounds: ${median(ratios).toFixed(3)} (above 1: B serves more)`);
  }
} finally {
  await Promise.all(servers.map((server) => stopServer(server, 'SIGINT', { killAfterMs: 10_000 })));
  await toss?.close();
  await rm(tempDir, { recursive: true, force: true });
}
