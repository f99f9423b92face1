import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { Env } from '../env.ts';

export interface ServerTimeouts {
  /** The request line and headers must have arrived within this. */
  headersMs: number;
  /** The whole request, body included, must have arrived within this; answering it is not limited. */
  requestMs: number;
  /** A connection on which nothing moves for this long is closed: a body trickled byte by byte. */
  idleMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveMs: number;
}

export function serverTimeoutsFromEnv(env: Env): ServerTimeouts {
  return {
    headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
    idleMs: env.HTTP_IDLE_TIMEOUT_MS,
    keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

export const deadlineCheckIntervalMs = (timeouts: ServerTimeouts): number =>
  Math.max(1, Math.min(1000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)));

/**
 * An HTTP server that does not let a client hold a connection by sending slowly; Node's own
 * limits (300 s for a request, no idle limit) let one hold it for five minutes. What the proxy in
 * front must limit as well is in docs/operations.md. A request cut off
 * by a deadline is answered 408; an idle connection is closed.
 *
 * Between requests a connection is kept longer than the proxy in front keeps its own to us (nginx
 * and cloud load balancers: 60 s). Closed sooner, as at Node's 5 s, the proxy now and then sends a
 * request on a connection the server is closing at that very moment, and answers it 502.
 */
export function createServerWithTimeouts(timeouts: ServerTimeouts, handler: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node looks at the deadlines this often (every 30 s unless told), so a deadline may be
      // overrun by up to this much: a quarter of the shorter one, and never more than a second.
      connectionsCheckingInterval: deadlineCheckIntervalMs(timeouts),
    },
    handler,
  );
  server.setTimeout(timeouts.idleMs);
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}
