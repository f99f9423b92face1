// What the bench measures, in this order. A new target is one more entry in `targets()`; one
// that needs something missing on this machine returns a SkippedResult instead.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPLORER_PAGE_NAME, RITUAL_PAGE_NAME } from './lib/explorer.ts';
import type { AuditedPage } from './lib/lighthouse.ts';
import type { SkippedResult, Target } from './lib/load.ts';
import type { WeighedPage } from './lib/page-weight.ts';
import { TODAY_PAGE_NAME, TODAY_PATH } from './lib/today.ts';

const STATIC_DIR = fileURLToPath(new URL('../dist/client/_astro', import.meta.url));

/** The smallest asset, so the reference measures the server's per-request cost, not bandwidth. */
function staticTarget(): Target | SkippedResult {
  const files = existsSync(STATIC_DIR)
    ? readdirSync(STATIC_DIR, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => ({ name: entry.name, size: statSync(join(STATIC_DIR, entry.name)).size }))
        .sort((a, b) => a.size - b.size || a.name.localeCompare(b.name))
    : [];
  const file = files[0];
  if (!file) return { target: 'GET /_astro/* (static reference)', skipped: `no file in ${STATIC_DIR}` };
  const kb = (file.size / 1024).toFixed(1);
  return { name: `GET /_astro/* (static reference, ${kb} kB)`, path: `/_astro/${file.name}` };
}

/**
 * `square`: the square's targets (bench/lib/square.ts), empty with --skip-square;
 * `notifications`: the signed-in poll (bench/lib/notifications.ts), empty with --skip-notifications;
 * `explorer`: the explorer and a ritual page (bench/lib/explorer.ts);
 * `rooms`: a room home and a room post page (bench/lib/rooms.ts);
 * `store`: the shop, a product page and the cart count (bench/lib/store.ts).
 */
export function targets(
  square: Array<Target | SkippedResult>,
  notifications: Array<Target | SkippedResult> = [],
  explorer: Array<Target | SkippedResult> = [],
  rooms: Array<Target | SkippedResult> = [],
  store: Array<Target | SkippedResult> = [],
): Array<Target | SkippedResult> {
  return [
    { name: 'GET /healthz', path: '/healthz' },
    { name: 'GET /api/banners/current', path: '/api/banners/current?type=header_text_banner' },
    { name: 'GET /', path: '/' },
    // As a browser asks for it: the server compresses the page (gzip) as it streams.
    { name: 'GET / (gzip)', path: '/', headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } },
    ...square,
    ...notifications,
    ...explorer,
    ...rooms,
    ...store,
    staticTarget(),
  ];
}

/**
 * The pages whose JavaScript is weighed after the load targets, in this order. `ritualPath`: a
 * ritual page of the demo data (bench/lib/explorer.ts), left out when there is none.
 */
export function weighedPages(ritualPath: string | null = null): WeighedPage[] {
  return [
    { name: 'guest /', path: '/', member: false },
    { name: '/about (static page)', path: '/about', member: false },
    { name: "member's /", path: '/', member: true },
    { name: TODAY_PAGE_NAME, path: TODAY_PATH, member: true },
    { name: `guest ${EXPLORER_PAGE_NAME}`, path: '/explorer', member: false },
    ...(ritualPath ? [{ name: `guest ${RITUAL_PAGE_NAME}`, path: ritualPath, member: false }] : []),
  ];
}

/** The pages Lighthouse audits on a phone's settings, after the page weights, in this order. */
export function auditedPages(ritualPath: string | null = null): AuditedPage[] {
  return [
    { name: '/', path: '/' },
    { name: '/notice', path: '/notice' },
    { name: '/faq', path: '/faq' },
    { name: '/about', path: '/about' },
    { name: EXPLORER_PAGE_NAME, path: '/explorer' },
    ...(ritualPath ? [{ name: RITUAL_PAGE_NAME, path: ritualPath }] : []),
  ];
}

/**
 * The member's pages of the slow-CPU Lighthouse pass, after the guests', for performance only (the
 * four-category pass is a guest's: /today is not for search engines). `cookie`: the page-weight
 * member's session (bench/lib/today.ts).
 */
export function memberAuditedPages(cookie: string): AuditedPage[] {
  return [{ name: TODAY_PAGE_NAME, path: TODAY_PATH, cookie }];
}
