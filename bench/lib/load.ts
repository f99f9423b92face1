// @ts-expect-error autocannon publishes no types and no @types package is installed; the part used is typed below.
import untypedAutocannon from 'autocannon';
import type { MemorySampler } from './memory.ts';
import { pacedLoad } from './paced.ts';
import type { Settings } from './settings.ts';

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}

/** The part of autocannon's result this bench reads. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

export const autocannon: (options: AutocannonOptions) => Promise<AutocannonResult> = untypedAutocannon;

const WARMUP_SECONDS = 2;

export interface Target {
  /** Shown in the table and results.json, and how goals find the target's result. */
  name: string;
  path: string;
  /** Sent with every request, e.g. the Accept-Encoding of a browser. */
  headers?: Record<string, string>;
  /**
   * Requests per second, evenly spread (bench/lib/paced.ts), for a latency goal "at N req/s": at
   * full load a latency is mostly the wait in the queue (50 connections at 3,000 req/s wait 17 ms
   * on average), so it is measured at the rate the goal names. Without it, autocannon loads the
   * target as fast as it answers.
   */
  rate?: number;
}

/** A target that cannot run here, reported instead of measured. */
export interface SkippedResult {
  target: string;
  skipped: string;
}

/** A reference measured right after the target it judges (bench/goals.ts, `pairedReferenceOf`). */
export interface PairedReference {
  target: string;
  requestsPerSecond: number;
  flagged: boolean;
}

export interface MeasuredResult {
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
  /** Paced targets: how often the load generator itself was held up (bench/lib/paced-worker.mjs). */
  generatorHeldUp?: { count: number; longestMs: number };
  /** The reference a share goal judges this target against, measured right after it. */
  pairedReference?: PairedReference;
}

export type TargetResult = MeasuredResult | SkippedResult;

export function isSkipped(value: Target | TargetResult): value is SkippedResult {
  return 'skipped' in value;
}

function statusCounts(stats: AutocannonResult['statusCodeStats']): Record<string, number> {
  return Object.fromEntries(Object.entries(stats).map(([code, { count }]) => [code, count]));
}

/** A warm-up, then the recorded run, with the server's peak RSS over both. */
export async function benchmark(
  baseUrl: string,
  target: Target,
  settings: Settings,
  sampler: MemorySampler,
): Promise<MeasuredResult> {
  const url = `${baseUrl}${target.path}`;
  sampler.takePhasePeakMb();
  const pace = target.rate === undefined ? '' : `, ${target.rate} req/s evenly spread`;
  console.log(
    `${target.name} [${target.path}]: warm-up ${WARMUP_SECONDS} s, then ${settings.duration} s with ${settings.connections} connections${pace}…`,
  );
  // JIT, caches and the connection pool settle first, so the first target is not penalised.
  const headers = target.headers ?? {};
  if (target.rate !== undefined) {
    const result = await pacedLoad(url, {
      rate: target.rate,
      warmupSeconds: WARMUP_SECONDS,
      seconds: settings.duration,
      connections: settings.connections,
      headers,
    });
    return {
      target: target.name,
      path: target.path,
      requestsPerSecond: result.requestsPerSecond,
      latencyP50Ms: result.latencyP50Ms,
      latencyP99Ms: result.latencyP99Ms,
      totalRequests: result.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: 0,
      statusCodes: result.statusCodes,
      peakRssMb: sampler.takePhasePeakMb(),
      flagged: result.non2xx > 0 || result.errors > 0,
      generatorHeldUp: result.generatorHeldUp,
    };
  }
  const load = { url, connections: settings.connections, headers };
  await autocannon({ ...load, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...load, duration: settings.duration });
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
