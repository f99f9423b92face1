import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';

const TOKEN = 'process-test-token-0123456789-0123456789';

let server: ServerProcess;

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  server = await startServer(tempDataDir(), { METRICS_TOKEN: TOKEN, SEED_ON_START: 'false' });
  await waitUntilHealthy(server);
}, 90_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

/** The route labels of http_requests_total, with the statuses each was counted with. */
async function countedRoutes(): Promise<Map<string, Set<string>>> {
  const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const routes = new Map<string, Set<string>>();
  for (const [, route, status] of (await res.text()).matchAll(/^http_requests_total\{method="GET",route="([^"]*)",status="(\d+)"\}/gm)) {
    routes.set(route!, (routes.get(route!) ?? new Set()).add(status!));
  }
  return routes;
}

describe('the built server', () => {
  it('counts pages under their patterns, client-build files as one label, unknown pages as /404', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    for (const path of ['/', '/square/no-such-category/123', '/square/no-such-category/456', '/favicon.svg', '/no-such-page/789', '/api/square-posts/123']) {
      await (await fetch(`${server.url}${path}`)).arrayBuffer();
    }
    const routes = await countedRoutes();
    expect(routes.get('/')).toEqual(new Set(['200']));
    expect(routes.has('/square/[categorySlug]/[postId]')).toBe(true);
    expect(routes.get('static')).toEqual(new Set(['200']));
    expect(routes.get('/404')).toEqual(new Set(['404']));
    expect(routes.get('/api/square-posts/:id')).toEqual(new Set(['404']));
    expect([...routes.keys()].filter((route) => /123|456|789|no-such/.test(route))).toEqual([]);
  });

  it('is ready while it serves, and not ready from SIGTERM on while a slow request still finishes', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    // A request whose body is still arriving is under way: shutdown waits for it.
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    const body = JSON.stringify({ message: 'slow' });
    socket.write(`POST /api/front-error-logs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`);
    await delay(500);
    server.child.kill('SIGTERM');
    await delay(200);

    const draining = await fetch(`${server.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(draining.headers.get('retry-after')).toBe('5');

    socket.end(body.slice(5));
    // Answered by the API, not refused with 503 as the requests that came after SIGTERM were.
    expect(await answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
    expect(await server.exited).toBe(0);
  });
});
