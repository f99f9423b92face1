import { Worker } from 'node:worker_threads';

/** What a paced run measured; latencies in milliseconds, from when each request was due. */
export interface PacedResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Times the load generator itself was held up (paced-worker.mjs), and the longest, in ms. */
  generatorHeldUp: { count: number; longestMs: number };
}

/** What paced-worker.mjs reports. */
interface PacedRun {
  latencies: Float64Array;
  elapsedSeconds: number;
  statusCodes: Record<string, number>;
  errors: number;
  heldUp: number[];
}

/**
 * A wake of the pacer this much later than planned means it was itself held up (the machine did
 * not run it, or it collected its own garbage): what fell due meanwhile is sent late and still
 * timed from when it was due, as the server's. Such holds are reported with the result, so a run
 * they disturbed can be told from a slow server.
 */
export const GENERATOR_HELD_UP_MS = 20;

const percentile = (sorted: number[], fraction: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

/**
 * `rate` requests a second, evenly spread, over at most `connections` kept-alive connections, for
 * `warmupSeconds` and then `seconds`, of which only the latter is recorded: an open loop, as browsers
 * polling on their own clocks are. autocannon's `overallRate`
 * sends each connection's share of a second as fast as it can and then waits for the next second,
 * so its latencies are those of a saturated server for part of every second. Each latency here
 * runs from when the request was due, so a request kept waiting for a free connection counts
 * its wait (no coordinated omission). The requests are sent from a thread of their own
 * (paced-worker.mjs).
 */
export async function pacedLoad(
  url: string,
  options: { rate: number; warmupSeconds: number; seconds: number; connections: number; headers: Record<string, string> },
): Promise<PacedResult> {
  const run = await new Promise<PacedRun>((resolve, reject) => {
    const worker = new Worker(new URL('./paced-worker.mjs', import.meta.url), {
      workerData: { url, ...options, heldUpMs: GENERATOR_HELD_UP_MS },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pacer's thread exited with ${code} before it reported`)));
  });
  const latencies = Array.from(run.latencies).sort((a, b) => a - b);
  const { statusCodes, errors, elapsedSeconds } = run;
  const non2xx = Object.entries(statusCodes).reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);
  return {
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    latencyP50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    total: latencies.length,
    non2xx,
    errors,
    statusCodes,
    generatorHeldUp: { count: run.heldUp.length, longestMs: Math.round(Math.max(0, ...run.heldUp)) },
  };
}
