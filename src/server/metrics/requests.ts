import { Counter, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';

/** The route label of every file of the client build: one series, whatever the file. */
export const STATIC_FILES = 'static';
/** The route label of an API path no route matches: what a scanner tries never makes new series. */
export const UNMATCHED = 'unmatched';
/** The route label of an answer given before routing: a path that cannot be decoded, 503 while draining, a failure at the edge. */
export const UNROUTED = 'unrouted';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

// From a cached poll (a few ms) to a slow page on a busy machine; past 10 s the proxy has given up.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface RequestMetrics {
  /** `route` is a pattern or one of the labels above, never a path as requested. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function requestMetrics(registry: Registry): RequestMetrics {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the server to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    observe(method, route, status, seconds) {
      const known = METHODS.has(method) ? method : 'other';
      requests.inc({ method: known, route, status });
      durations.observe({ method: known, route }, seconds);
    },
  };
}
