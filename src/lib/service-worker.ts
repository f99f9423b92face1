/**
 * What the service worker (src/service-worker/sw.ts) and the pages agree on: where the worker
 * is, the offline page, the message that lets a waiting worker take over, and which requests the
 * worker answers. Pure, so both sides and the unit tests share it.
 */

export const SERVICE_WORKER_PATH = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
export const OFFLINE_PATH = '/offline';

/** Posted by the update prompt to the waiting worker, which Serwist then lets take over (no silent swap). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Every cache the worker makes starts with this; its build files sit in the `-precache-` one. */
export const CACHE_ID = 'ritual';

/** Where the page remembers whose pages it last showed, to notice a change of account. */
export const ACCOUNT_KEY = 'ritual:account';

// Answered by the server's API (src/server/http/api-paths.ts) or its files, never by a page: a
// link that opens a download or a picture fails as the browser would, not with the offline page.
const NOT_PAGES = [/^\/api(\/|$)/, /^\/v1(\/|$)/, /^\/uploads\//, /^\/(healthz|readyz|metrics|csrf-token)$/, /^\/email\/verify\//, /^\/login\/[a-z]+(\/callback)?$/];

/**
 * Whether the worker takes a request at all: only a navigation to one of the site's pages, which
 * it sends to the network as it is and answers with the offline page when that fails. Everything
 * else (the API above all) goes past the worker untouched, so no answer of the server is kept.
 */
export function isPageNavigation(request: { mode: string; method: string }, url: URL, origin: string): boolean {
  if (request.mode !== 'navigate' || request.method !== 'GET' || url.origin !== origin) return false;
  return !NOT_PAGES.some((pattern) => pattern.test(url.pathname));
}

/**
 * The caches to empty when the account changes: all but the build's files, which are the same
 * for everyone. Today the worker keeps nothing else; a cache added later (a member's drafts sent
 * later, say) is emptied here without anyone having to remember it.
 */
export const memberCaches = (names: readonly string[]): string[] => names.filter((name) => !name.startsWith(`${CACHE_ID}-precache-`));

/**
 * Whether the browser now shows another account's pages than the last time (`''` for a guest):
 * a first visit changes nothing, a member signing out or another signing in does.
 */
export const accountChanged = (last: string | null, now: string): boolean => last !== null && last !== now;

/** What a page knows when it decides whether to register the worker. */
export interface Visit {
  /** The signed-in member's id, `''` for a guest, `undefined` where the page could not tell. */
  account: string | undefined;
  /** Whether the worker already controls this page. */
  controlled: boolean;
  /** `document.referrer`: `''` when the visitor typed the address or came from an app. */
  referrer: string;
  origin: string;
}

/**
 * Whether this page registers the worker. A guest who lands on one page, from a link shared in
 * KakaoTalk or a search, reads it and leaves: registering would download the precache (about
 * 1.4 MB) over their phone's data and run on their first page, which issue 38 forbids ("a guest's
 * first visit ships no more blocking work than today"). A member, a page the worker already
 * controls (it must keep offering updates), or a guest gone on to a second page of the site does.
 */
export function wantsWorker(visit: Visit): boolean {
  if (visit.account || visit.controlled) return true;
  try {
    return new URL(visit.referrer).origin === visit.origin;
  } catch {
    return false;
  }
}
