import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';
import { HOSTILE_SEGMENTS, HOSTILE_TEXT } from '../helpers/route-fuzz.ts';

/**
 * Every page of src/pages, on the built server, with hostile path segments and query values (NUL,
 * invalid percent-encoding, numbers past int4, absurd lengths), as a guest and as a member: a page
 * answers 200, a redirect, 404 or another 4xx, never 5xx. The API's routes have their own fuzz test.
 */

const PAGES_DIR = resolve('src/pages');

/** The query parameters the pages read (and a few they do not), each given every hostile value. */
const QUERY_NAMES = ['redirect', 'cursor', 'page', 'q', 'category', 'theme', 'session', 'token', 'email', 'error', 'verified', 'tab', 'isExternal', 'id', 'year', 'month', 'roomId', 'postId', 'threadId', 'order_item_id', 'is_only_image', 'from', 'paymentKey', 'orderId', 'amount', 'code', 'message'];

const VALID_SEGMENTS: Record<string, string> = { categorySlug: 'free', slug: 'about' };

/** `square/[categorySlug]/[postId].astro` → `/square/[categorySlug]/[postId]`. */
function pageRoutes(): string[] {
  const files = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(astro|ts)$/.test(file));
  return files
    .map((file) => `/${relative(PAGES_DIR, join(PAGES_DIR, file)).replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`)
    .map((route) => (route === '/' ? route : route.replace(/\/$/, '')));
}

const paramsOf = (route: string) => [...route.matchAll(/\[(\w+)\]/g)].map((match) => match[1]!);

const fill = (route: string, values: Record<string, string>) => route.replace(/\[(\w+)\]/g, (_, name: string) => values[name] ?? '1');

let server: ServerProcess;
let memberCookie = '';

async function signIn(): Promise<string> {
  const token = await fetch(`${server.url}/csrf-token`);
  const xsrf = token.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: {
      Cookie: xsrf,
      'X-XSRF-TOKEN': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ email: 'member1@example.com', password: 'Passw0rd!' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  // An empty directory: the server seeds the demo members and content at start.
  server = await startServer(tempDataDir());
  await waitUntilHealthy(server);
  memberCookie = await signIn();
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

async function expectNoServerError(path: string, member: boolean): Promise<void> {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: member ? { Cookie: memberCookie } : {} });
  await res.arrayBuffer();
  expect(res.status, `${member ? 'member' : 'guest'} ${path.slice(0, 200)}`).toBeLessThan(500);
}

describe('page fuzz: no path or query answers 5xx', () => {
  const routes = pageRoutes().filter((route) => route !== '/500');

  it('finds the pages of the shell, the square, accounts and my page', () => {
    for (const route of ['/', '/square/[categorySlug]/[postId]', '/login/email', '/mypage/delete', '/notice/[id]']) {
      expect(routes).toContain(route);
    }
  });

  it('answers a path with NUL in it with the not-found page', async () => {
    for (const path of ['/square/%00', '/profile/a%00b', '/notice/%00']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('</html>');
    }
  });

  it.each(routes)('%s', async (route) => {
    const valid = Object.fromEntries(paramsOf(route).map((name) => [name, VALID_SEGMENTS[name] ?? '1']));
    for (const member of [false, true]) {
      for (const name of paramsOf(route)) {
        for (const segment of HOSTILE_SEGMENTS) await expectNoServerError(fill(route, { ...valid, [name]: segment }), member);
      }
      for (const value of HOSTILE_TEXT) {
        const query = QUERY_NAMES.map((name) => `${name}=${encodeURIComponent(value.toWellFormed()).slice(0, 4000)}`).join('&');
        await expectNoServerError(`${fill(route, valid)}?${query}`, member);
      }
      for (const raw of ['%00', '%FF', '%E0%A4%A', '%ED%A0%80']) await expectNoServerError(`${fill(route, valid)}?redirect=${raw}&cursor=${raw}`, member);
    }
  }, 120_000);
});
