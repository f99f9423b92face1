import { Agent, request } from 'node:http';

/** What a paced run measured; latencies in milliseconds, from when each request was due. */
export interface PacedResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** How often the pacer wakes to send what has fallen due. */
const TICK_MS = 1;

const percentile = (sorted: number[], fraction: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

/**
 * `rate` requests a second, evenly spread, over at most `connections` kept-alive connections, for
 * `seconds`: an open loop, as browsers polling on their own clocks are. autocannon's `overallRate`
 * sends each connection's share of a second as fast as it can and then waits for the next second,
 * so its latencies are those of a saturated server for part of every second. Each latency here
 * runs from when the request was due, so a request kept waiting for a free connection counts
 * its wait (no coordinated omission).
 */
export async function pacedLoad(
  url: string,
  options: { rate: number; seconds: number; connections: number; headers: Record<string, string> },
): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  const due = options.rate * options.seconds;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();

  const send = (dueAt: number) => {
    const done = new Promise<void>((resolve) => {
      const req = request(url, { agent, headers: options.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - dueAt);
          const code = String(res.statusCode ?? 0);
          statusCodes[code] = (statusCodes[code] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  await new Promise<void>((finished) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const shouldHaveSent = Math.min(due, Math.floor((elapsed / 1000) * options.rate));
      while (sent < shouldHaveSent) {
        send(started + (sent / options.rate) * 1000);
        sent += 1;
      }
      if (sent >= due) {
        clearInterval(timer);
        finished();
      }
    }, TICK_MS);
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statusCodes).reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);
  return {
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    latencyP50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    total: latencies.length,
    non2xx,
    errors,
    statusCodes,
  };
}
