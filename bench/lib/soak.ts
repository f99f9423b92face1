// The soak (`--soak N`): N minutes of the traffic a day brings (page views, the poll of every
// signed-in browser, posts and comments written through the API as the browser sends them), at a
// steady rate, to see whether the server's memory keeps growing once it has settled.
import { Agent, request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { rssMb } from './memory.ts';
import type { MemorySampler } from './memory.ts';
import { SOAK_MEMBERS, SOAK_WRITERS } from './soak-members.ts';
import type { SoakBrowsers, SoakPost } from './soak-members.ts';
import { soakMix } from './soak-mix.ts';
import type { SoakCall, SoakTraffic } from './soak-mix.ts';

/** The goal compares the end with this minute: by then caches, pools and the JIT have settled. */
export const SOAK_SETTLED_MINUTE = 2;
const TICK_MS = 10;
const RSS_SAMPLE_MS = 1000;
/** Each minute's RSS is the median of its last samples, so one collection just before does not decide it. */
const RSS_WINDOW_SAMPLES = 10;
const REQUEST_TIMEOUT_MS = 30_000;
/** Comments go to the newest posts mostly, as people answer what is new. */
const FRESH_POSTS = 20;
/** Page views read the soak's own posts too, among its latest. */
const READ_WRITTEN_POSTS = 100;

export interface SoakKindResult {
  kind: string;
  perSecond: number;
  sent: number;
  /** From when the request went out: the runner's own pauses are not the server's, but no goal reads them. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

export interface SoakResult {
  minutes: number;
  browsers: number;
  writers: number;
  requests: SoakKindResult[];
  totalRequests: number;
  /** What the writes created, answered 201 by the API. */
  written: { posts: number; comments: number };
  rssMb: {
    /** The median of the last 10 s of each minute. */
    byMinute: Array<number | null>;
    afterSettling: number | null;
    end: number | null;
    /** The highest sample during the soak (every 250 ms, bench/lib/memory.ts). */
    peak: number | null;
  };
  /** From minute SOAK_SETTLED_MINUTE to the end; null when either was not measured. */
  growthPercent: number | null;
  /** Non-2xx answers or errors: the load was not what it claims to be. */
  flagged: boolean;
}

/** A pseudo-random sequence that is the same every run, so two soaks make the same choices. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  status: number;
  body: string;
}

function send(agent: Agent, baseUrl: string, call: SoakCall): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = call.json === undefined ? undefined : JSON.stringify(call.json);
    const req = request(
      `${baseUrl}${call.path}`,
      {
        agent,
        method: call.method,
        headers: { ...call.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        // Only a write's answer is read; a page is drained as a browser would, without keeping it.
        if (call.creates) res.on('data', (chunk: Buffer) => chunks.push(chunk));
        else res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

function cookieValue(headers: IncomingHttpHeaders, name: string): string | null {
  for (const line of headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const [key, value] = (pair ?? '').split('=');
    if (key === name && value) return decodeURIComponent(value);
  }
  return null;
}

/** A writer's browser asks for its request-forgery token once, as the client does before its first write. */
function xsrfToken(agent: Agent, baseUrl: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/csrf-token`,
      { agent, headers: { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } },
      (res) => {
        res.resume();
        const token = cookieValue(res.headers, 'XSRF-TOKEN');
        res.on('end', () => (token ? resolve(token) : reject(new Error(`GET /csrf-token answered ${res.statusCode} without XSRF-TOKEN`))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], fraction: number): number =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! * 10) / 10;

const non2xxOf = (statusCodes: Record<string, number>): number =>
  Object.entries(statusCodes).reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Runs the soak against the server with process id `pid`; `sampler` keeps the run's overall peak. */
export async function runSoak(
  baseUrl: string,
  pid: number,
  browsers: SoakBrowsers,
  minutes: number,
  sampler: MemorySampler,
): Promise<SoakResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const writers = browsers.cookies.slice(0, SOAK_WRITERS);
  const tokens = await Promise.all(writers.map((cookie) => xsrfToken(agent, baseUrl, cookie)));
  const random = seededRandom(16);
  const written: SoakPost[] = [];
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const recent = (count: number): SoakPost => written[written.length - 1 - Math.floor(random() * Math.min(count, written.length))]!;
  const traffic: SoakTraffic = {
    member: () => pick(browsers.cookies),
    writer: () => {
      const index = Math.floor(random() * writers.length);
      return { cookie: writers[index]!, token: tokens[index]! };
    },
    category: () => pick(browsers.categories),
    readPost: () => (written.length > 0 && random() < 0.4 ? recent(READ_WRITTEN_POSTS) : pick(browsers.posts)),
    freshPost: () => (written.length > 0 && random() < 0.7 ? recent(FRESH_POSTS) : pick(browsers.posts)),
    poller: (n) => browsers.cookies[n % browsers.cookies.length]!,
  };
  const mix = soakMix(SOAK_MEMBERS / 30);
  const results = mix.map((kind) => ({ kind, sent: 0, latencies: [] as number[], statusCodes: {} as Record<string, number>, errors: 0 }));
  const counts = { posts: 0, comments: 0 };
  const inFlight = new Set<Promise<void>>();

  const rssSamples: number[] = [];
  const byMinute: Array<number | null> = [];
  sampler.takePhasePeakMb();
  const started = performance.now();
  const endAt = started + minutes * 60_000;
  console.log(
    `Soak: ${minutes} min, ${mix.reduce((sum, kind) => sum + kind.perSecond, 0).toFixed(1)} req/s from ${SOAK_MEMBERS.toLocaleString('en-US')} ` +
      `signed-in browsers (${SOAK_WRITERS} of them write) and guests…`,
  );

  const rssTimer = setInterval(() => {
    const mb = rssMb(pid);
    if (mb !== null) rssSamples.push(mb);
    const minute = Math.floor((performance.now() - started) / 60_000);
    if (minute > byMinute.length && byMinute.length < minutes) {
      const value = median(rssSamples.slice(-RSS_WINDOW_SAMPLES));
      byMinute.push(value);
      const total = results.reduce((sum, r) => sum + r.sent, 0);
      const failed = results.reduce((sum, r) => sum + r.errors + non2xxOf(r.statusCodes), 0);
      console.log(`Soak minute ${byMinute.length}/${minutes}: RSS ${value ?? '?'} MB, ${total.toLocaleString('en-US')} requests, ${failed} failed`);
    }
  }, RSS_SAMPLE_MS);

  await new Promise<void>((finished) => {
    const timer = setInterval(() => {
      const now = Math.min(performance.now(), endAt);
      const elapsedSeconds = (now - started) / 1000;
      for (const result of results) {
        const due = Math.floor(elapsedSeconds * result.kind.perSecond);
        while (result.sent < due) {
          const call = result.kind.call(traffic, result.sent);
          result.sent += 1;
          const sentAt = performance.now();
          const done = send(agent, baseUrl, call)
            .then((answer) => {
              result.latencies.push(performance.now() - sentAt);
              const code = String(answer.status);
              result.statusCodes[code] = (result.statusCodes[code] ?? 0) + 1;
              if (answer.status !== 201 || call.creates === undefined) return;
              if (call.creates.kind === 'comment') {
                counts.comments += 1;
                return;
              }
              counts.posts += 1;
              const { data } = JSON.parse(answer.body) as { data: { id: number } };
              written.push({ id: data.id, categorySlug: call.creates.categorySlug });
            })
            .catch(() => {
              result.errors += 1;
            });
          inFlight.add(done);
          void done.finally(() => inFlight.delete(done));
        }
      }
      if (now >= endAt) {
        clearInterval(timer);
        finished();
      }
    }, TICK_MS);
  });
  await Promise.all(inFlight);
  // The last minute's mark, should the timer not have fired after the loop ended.
  while (byMinute.length < minutes) byMinute.push(median(rssSamples.slice(-RSS_WINDOW_SAMPLES)));
  clearInterval(rssTimer);
  agent.destroy();

  const requests = results.map(({ kind, sent, latencies, statusCodes, errors }): SoakKindResult => {
    const sorted = latencies.sort((a, b) => a - b);
    const non2xx = non2xxOf(statusCodes);
    return {
      kind: kind.name,
      perSecond: kind.perSecond,
      sent,
      latencyP50Ms: percentile(sorted, 0.5),
      latencyP99Ms: percentile(sorted, 0.99),
      non2xx,
      errors,
      statusCodes,
    };
  });
  const afterSettling = byMinute[SOAK_SETTLED_MINUTE - 1] ?? null;
  const end = byMinute.at(-1) ?? null;
  return {
    minutes,
    browsers: SOAK_MEMBERS,
    writers: SOAK_WRITERS,
    requests,
    totalRequests: requests.reduce((sum, r) => sum + r.sent, 0),
    written: counts,
    rssMb: { byMinute, afterSettling, end, peak: sampler.takePhasePeakMb() },
    growthPercent: afterSettling === null || end === null ? null : Math.round(((end - afterSettling) / afterSettling) * 1000) / 10,
    flagged: requests.some((r) => r.non2xx > 0 || r.errors > 0),
  };
}
