import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
// @ts-expect-error compression publishes no types, and @types/compression would pull in Express's; the part used is typed below.
import untypedCompression from 'compression';
import { env } from './env.ts';
import { isApiRequest } from './http/api-paths.ts';
import { nodeApiListener } from './http/node-api.ts';
import { fileSecurityHeaders, serviceWorkerFileHeaders } from './http/security-headers.ts';
import { SERVICE_WORKER_PATH } from '../lib/service-worker.ts';
import { createServerWithTimeouts, serverTimeoutsFromEnv } from './http/server-timeouts.ts';
import { answerServerError } from './http/server-error.ts';
import { newRequestId } from './http/request-id.ts';
import { createRenderGate } from './http/render-gate.ts';
import { listStaticFiles, serveStaticFile } from './http/static-files.ts';
import { STATIC_FILES, UNROUTED } from './metrics/requests.ts';
import { flushLogSync } from './logger.ts';
import { getRuntime } from './runtime.ts';

type Filter = (req: IncomingMessage, res: ServerResponse) => boolean;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
interface CompressionOptions {
  threshold: number;
  filter: Filter;
  flush: number;
}
const compression: ((options: CompressionOptions) => Middleware) & { filter: Filter } = untypedCompression;

// The server opens, locks and migrates the database before it listens, so a second server on
// the same PGlite directory stops here, at once, instead of on its first request.
const runtime = await getRuntime();

/**
 * Text the library knows to be compressible, except what must reach the client as it is written
 * (server-sent events) and the load balancer's probe, which is tiny and asked for constantly.
 */
const shouldCompress: Filter = (req, res) => {
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  if (req.url === '/healthz') return false;
  return compression.filter(req, res);
};

const compress = compression({
  // A body whose length is known and below this costs more to compress than it saves.
  threshold: 1024,
  filter: shouldCompress,
  // Astro streams a page part by part; each part is flushed, so the head reaches the browser
  // (and it starts fetching styles) while the rest of the page still renders.
  flush: constants.Z_SYNC_FLUSH,
});

/**
 * Gzip only. Measured on this server with 50 connections on the home page, brotli (quality 4)
 * made pages 2% smaller than gzip but served 25% fewer of them and raised the peak RSS by some
 * 50 MB against gzip's 13 MB: its encoders are large and freed on the thread pool's arenas.
 * The library always prefers brotli, so the browser's offer of it is taken out before it chooses.
 * The build's own compressed copies of its assets are chosen from the offer as it came.
 */
function withoutBrotli(acceptEncoding: string): string {
  return acceptEncoding
    .split(',')
    .filter((coding) => coding.split(';')[0]?.trim().toLowerCase() !== 'br')
    .join(',');
}

// The adapter (in middleware mode: pages only) would start a server of its own on import unless
// told not to; `astro preview` tells it the same way and then serves `handler` itself. This is the
// adapter's switch, not our configuration, so it is set here rather than read from src/server/env.ts.
/* eslint-disable no-restricted-properties */
const serveHere = process.env.ASTRO_NODE_AUTOSTART !== 'disabled';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React picks its build from NODE_ENV when the pages first load it, below: the built server always
// renders with the production build (the development one, with its checks, is `npm run dev`'s).
// The app's own mode (production rules, demo data) was read from NODE_ENV by src/server/env.ts
// before this line, so a server started in development keeps its offline adapters and demo data.
process.env.NODE_ENV = 'production';
/* eslint-enable no-restricted-properties */
const astro = await import('@astrojs/node/server.js');

export const { options } = astro;

// The client build sits where it sits beside this file's own build output (dist/server/entry.mjs).
const clientDir = fileURLToPath(new URL(`${relative(fileURLToPath(options.server), fileURLToPath(options.client))}/`, import.meta.url));
const staticFiles = listStaticFiles(clientDir);
const staticFileHeaders = fileSecurityHeaders(runtime.config.appUrl);
const workerFileHeaders = serviceWorkerFileHeaders(runtime.config.appUrl);
const api = nodeApiListener(runtime);
// Eight pages at once on two cores; one that waits on the payment provider (/checkout/success)
// keeps its slot for a tenth of a second at most (docs/decisions/019-render-gate.md).
const renderGate = createRenderGate({ slots: 8, leaseMs: 100 });
const requestMetrics = runtime.metrics.requests;

/** The path of a request URL, or null when it cannot be decoded. */
function pathOf(url: string): { raw: string; decoded: string } | null {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  try {
    return { raw, decoded: decodeURI(raw) };
  } catch {
    return null;
  }
}

/**
 * Built files first, then the API, then the pages: each request goes to exactly one of them. The
 * API (app.ts) and the pages (src/middleware.ts) count their requests under their route patterns;
 * what is answered here is counted here.
 */
function route(req: IncomingMessage, res: ServerResponse, requestId: string, acceptEncoding: string | undefined, receivedAt: number): void {
  const path = pathOf(req.url ?? '/');
  if (!path) {
    res.writeHead(400).end('Bad request.');
    requestMetrics.observe(req.method ?? 'GET', UNROUTED, 400, (performance.now() - receivedAt) / 1000);
    return;
  }
  if (staticFiles.has(path.decoded)) {
    const headers = path.decoded === SERVICE_WORKER_PATH ? workerFileHeaders : staticFileHeaders;
    serveStaticFile(req, res, clientDir, staticFiles, path, headers, acceptEncoding);
    res.once('finish', () => requestMetrics.observe(req.method ?? 'GET', STATIC_FILES, res.statusCode, (performance.now() - receivedAt) / 1000));
  } else if (isApiRequest(req.method ?? 'GET', path.decoded)) void api(req, res, requestId);
  else {
    res.setHeader('X-Request-Id', requestId);
    renderGate(res, () => void renderPage(req, res, requestId, receivedAt));
  }
}

/** Astro renders its own 500 page for what fails inside a page; what fails around it is answered here. */
async function renderPage(req: IncomingMessage, res: ServerResponse, requestId: string, receivedAt: number): Promise<void> {
  const locals: Pick<App.Locals, 'requestId' | 'receivedAt'> = { requestId, receivedAt };
  try {
    await astro.handler(req, res, undefined, locals);
  } catch (error) {
    edgeFailure(req, res, requestId, error);
  }
}

/** Everything behind compression. Each request is named here, whatever answers it. */
export const handler = (req: IncomingMessage, res: ServerResponse): void => {
  const receivedAt = performance.now();
  const requestId = newRequestId();
  try {
    const acceptEncoding = req.headers['accept-encoding'];
    if (acceptEncoding) req.headers['accept-encoding'] = withoutBrotli(acceptEncoding);
    compress(req, res, () => {
      try {
        route(req, res, requestId, acceptEncoding, receivedAt);
      } catch (error) {
        edgeFailure(req, res, requestId, error);
      }
    });
  } catch (error) {
    edgeFailure(req, res, requestId, error);
  }
};

/** What failed before a page or the API could answer: logged with the request's id, answered in the error shape. */
function edgeFailure(req: IncomingMessage, res: ServerResponse, requestId: string, error: unknown): void {
  runtime.logger.error({ err: error, reqId: requestId, method: req.method, path: req.url }, 'the server failed before it could answer');
  answerServerError(req, res, requestId, runtime.config.appUrl);
  requestMetrics.observe(req.method ?? 'GET', UNROUTED, 500, 0);
}

if (serveHere) {
  const server = createServerWithTimeouts(serverTimeoutsFromEnv(env), handler);
  server.once('error', (error) => {
    runtime.logger.fatal({ err: error }, `could not listen on ${env.HOST}:${env.PORT}`);
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    runtime.logger.info({ url: `http://${env.HOST}:${env.PORT}` }, 'server listening');
    // The start-up lines are out before the first request is answered, not a batch later.
    flushLogSync(runtime.logger);
  });
}
