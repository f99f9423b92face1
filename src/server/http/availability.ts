import type { Runtime } from '../runtime.ts';

const RESTARTING = '서버를 다시 시작하고 있습니다. 잠시 후 다시 시도해 주세요.';
const MAINTENANCE = '서비스 점검 중입니다. 잠시 후 다시 이용해 주세요.';
export const MAINTENANCE_PAGE = '/maintenance';
// Crawlers still read these during maintenance, so they do not take the site for gone. The app's
// manifest and offline page too: a service worker installed meanwhile would otherwise keep the
// maintenance notice as its offline page until the next deploy.
const OPEN_IN_MAINTENANCE = [MAINTENANCE_PAGE, '/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/offline'];
// The load balancer's probes and the scraper: the instance stays in rotation and watched.
const OPEN_API_IN_MAINTENANCE = ['/healthz', '/readyz', '/metrics'];

export type Availability = { kind: 'open' } | { kind: 'unavailable'; response: Response } | { kind: 'to-maintenance-page' };

const unavailable = (api: boolean, message: string): Availability => ({
  kind: 'unavailable',
  response: api
    ? Response.json({ message }, { status: 503, headers: { 'Retry-After': '5' } })
    : new Response(message, { status: 503, headers: { 'Retry-After': '5', 'Content-Type': 'text/plain; charset=utf-8' } }),
});

/**
 * Whether a request may be served now: not while the server drains for a restart, and during
 * maintenance only the health checks and /metrics (the load balancer keeps the instance in rotation), the
 * maintenance page and what crawlers read. One rule for the API (served by the server entry) and
 * the pages (the Astro middleware).
 */
export function availability(runtime: Runtime, api: boolean, pathname: string): Availability {
  if (runtime.draining) return unavailable(api, RESTARTING);
  if (!runtime.site.maintenance) return { kind: 'open' };
  if (api) return OPEN_API_IN_MAINTENANCE.includes(pathname) ? { kind: 'open' } : unavailable(true, MAINTENANCE);
  return OPEN_IN_MAINTENANCE.includes(pathname) ? { kind: 'open' } : { kind: 'to-maintenance-page' };
}
