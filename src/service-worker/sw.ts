/**
 * The service worker at /sw.js (API-CONVENTIONS.md, "Installable app and offline"), bundled and
 * given the build's file list by src/integrations/service-worker.ts. It keeps the build's files
 * (the same for everyone) and the offline page; a navigation goes to the network as it is and
 * shows the offline page when that fails. Nothing the server answers to a member is stored: the
 * API never reaches this worker's handlers, and pages are never cached.
 */
import { NetworkOnly, Serwist, setCacheNameDetails } from 'serwist';
import type { PrecacheEntry } from 'serwist';
import { CACHE_ID, OFFLINE_PATH, isPageNavigation } from '../lib/service-worker.ts';
import { listenForOutboxSync } from './outbox-sync.ts';
import { listenForPushes } from './push-handlers.ts';
import type { PushWorkerScope } from './push-handlers.ts';

// Typed against the worker's own globals by this folder's tsconfig.json (`npm run check`); the
// project's, which has the page's globals, sees only what both have.
declare const self: typeof globalThis & { __SW_MANIFEST: (PrecacheEntry | string)[] };

// Named before the Serwist instance is made: its precache takes the cache's name as it is created,
// before the `cacheId` option is applied (serwist 9.5), and the page keeps this cache by its name.
setCacheNameDetails({ prefix: CACHE_ID });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // Fetched as a guest: a member's cookie would make the offline page theirs (or, before they
    // agree to the terms, a redirect) in a cache that every account on this browser shares.
    plugins: [{ requestWillFetch: async ({ request }) => new Request(request, { credentials: 'omit' }) }],
  },
  // A new worker waits until the member chooses 새로고침 (src/components/ServiceWorker.astro);
  // Serwist then takes the SKIP_WAITING message. The first one takes the open pages at once.
  skipWaiting: false,
  clientsClaim: true,
  // The page's request starts while the worker wakes, so a navigation waits for no more than before.
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => isPageNavigation(request, url, self.location.origin),
      handler: new NetworkOnly(),
    },
  ],
  fallbacks: {
    entries: [{ url: OFFLINE_PATH, matcher: ({ request }) => request.mode === 'navigate' }],
  },
});

serwist.addEventListeners();
listenForOutboxSync(self);
// The worker's own global scope; this file is typed with what the page's library knows too.
listenForPushes(self as unknown as PushWorkerScope);
