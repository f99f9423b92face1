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
import { startServer, stopServer, waitUntilHealthy } from '../scripts/server-process.ts';
import type { ServerProcess } from '../scripts/server-process.ts';
import { autocannon, isSkipped } from './lib/load.ts';
import { ROOM_HOME_PAGE, ROOM_POST_PAGE, fillRoom, roomTargets } from './lib/rooms.ts';
import { seedBenchDatabase } from './lib/square.ts';

const TARGETS = { 'room-home': ROOM_HOME_PAGE, 'room-post': ROOM_POST_PAGE } as const;
const WARMUP_SECONDS = 3;
const ROUND_SECONDS = 8;
/** Each server gets half of the 50 connections `npm run bench` uses. */
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
const targetName = TARGETS[values.target as keyof typeof TARGETS];
const rounds = Number(values.rounds);
if (!buildA || !buildB || !targetName || !Number.isInteger(rounds) || rounds < 1) {
  console.error(`usage: npm run bench:ab -- <build A> <build B> [--target ${Object.keys(TARGETS).join('|')}] [--rounds N] [--flags-a="…"] [--flags-b="…"]`);
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

const tempDir = await mkdtemp(join(tmpdir(), 'ritual-ab-'));
const servers: ServerProcess[] = [];
try {
  console.log('Seeding the database and filling a room of 20 members with 2,000 posts…');
  await seedBenchDatabase(join(tempDir, 'a'));
  const room = await fillRoom(join(tempDir, 'a'));
  await cp(join(tempDir, 'a'), join(tempDir, 'b'), { recursive: true });
  // One key for both, so the member's cookie opens either.
  const appKey = randomBytes(32).toString('base64');
  for (const [side, build, flags] of [['a', buildA, values['flags-a']], ['b', buildB, values['flags-b']]] as const) {
    const server = await startServer(
      join(tempDir, side),
      { NODE_ENV: 'production', APP_KEY: appKey, MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      { logFile: join(tempDir, `server-${side}.log`), entry: resolve(build, 'server/entry.mjs'), nodeFlags: nodeFlags(flags) },
    );
    servers.push(server);
    await waitUntilHealthy(server);
  }
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const found = (await roomTargets(a.url, room)).find((target) => !isSkipped(target) && target.name === targetName);
  if (!found || isSkipped(found)) throw new Error(`${targetName} does not answer 200 on build A`);
  const load = (server: ServerProcess, duration: number) =>
    autocannon({ url: `${server.url}${found.path}`, connections: CONNECTIONS, duration, headers: found.headers ?? {} });
  console.log(`${targetName}: A ${buildA} (${nodeFlags(values['flags-a']).join(' ')}) against B ${buildB} (${nodeFlags(values['flags-b']).join(' ')})`);
  await Promise.all([load(a, WARMUP_SECONDS), load(b, WARMUP_SECONDS)]);
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const before = await Promise.all([cpuMs(a), cpuMs(b)]);
    const [resultA, resultB] = await Promise.all([load(a, ROUND_SECONDS), load(b, ROUND_SECONDS)]);
    const after = await Promise.all([cpuMs(a), cpuMs(b)]);
    if (resultA.non2xx + resultA.errors + resultB.non2xx + resultB.errors > 0) throw new Error(`round ${round} had failed requests: the numbers would describe error pages`);
    const perRequest = (index: 0 | 1, total: number) => ((after[index] - before[index]) / total).toFixed(2);
    const ratio = resultB.requests.average / resultA.requests.average;
    ratios.push(ratio);
    console.log(
      `round ${round}: A ${resultA.requests.average} req/s, ${perRequest(0, resultA.requests.total)} ms CPU a request | ` +
        `B ${resultB.requests.average} req/s, ${perRequest(1, resultB.requests.total)} ms CPU a request | B/A ${ratio.toFixed(3)}`,
    );
  }
  console.log(`B/A, median of ${rounds} rounds: ${median(ratios).toFixed(3)} (above 1: B serves more)`);
} finally {
  await Promise.all(servers.map((server) => stopServer(server, 'SIGINT', { killAfterMs: 10_000 })));
  await rm(tempDir, { recursive: true, force: true });
}
