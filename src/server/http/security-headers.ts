import type { MiddlewareHandler } from 'hono';
import { parse } from 'hono/utils/cookie';
import type { AppConfig } from '../config.ts';
import type { SiteSettings } from '../site.ts';

type Directives = Record<string, readonly string[]>;

/** What answers no document: the API's JSON, uploads and built files load nothing and are never framed. */
export const NO_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PRIVATE = 'private, no-store';

/** The headers every answer carries, pages, API and files alike. */
export function baseSecurityHeaders(appUrl: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Nothing here films, records or locates anyone; only the site's own pages may ask to pay.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    // Without includeSubDomains: other hosts under the same domain may not serve https.
    ...(new URL(appUrl).protocol === 'https:' ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

export const fileSecurityHeaders = (appUrl: string): Record<string, string> => ({
  ...baseSecurityHeaders(appUrl),
  'Content-Security-Policy': NO_DOCUMENT_POLICY,
});

/**
 * The service worker's script (/sw.js). A worker runs under the policy its script came with, and
 * this one fetches the site's files and pages, so it may connect to this origin and nothing else.
 * Asked again on every update check, so that a new version reaches the browser with no delay.
 */
export const serviceWorkerFileHeaders = (appUrl: string): Record<string, string> => ({
  ...baseSecurityHeaders(appUrl),
  'Content-Security-Policy': "default-src 'none'; connect-src 'self'",
  'Cache-Control': 'no-cache',
});

/** Whether the request carries a session: a member's, or a guest's holding unlocked square posts. */
export function carriesSession(cookieHeader: string | null | undefined, sessionCookie: string): boolean {
  return Boolean(cookieHeader && parse(cookieHeader, sessionCookie)[sessionCookie]);
}

/**
 * An answer to a session may hold that visitor's own data, so no cache keeps it. A route that says
 * how its answer is cached keeps its word: what is the same for everyone (notices, uploaded
 * pictures) stays cacheable, and an inquiry's picture stays in its owner's browser for a while.
 */
function keepPrivate(headers: Headers): void {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', PRIVATE);
}

/** The API's headers: no document policy, and private answers to a session (the poll included). */
export function apiSecurityHeaders(config: AppConfig): MiddlewareHandler {
  const headers = fileSecurityHeaders(config.appUrl);
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    if (carriesSession(c.req.header('Cookie'), config.sessionCookie)) keepPrivate(c.res.headers);
  };
}

export interface PageSources {
  appUrl: string;
  /** Where the islands call the API, when it is another origin. */
  publicApiUrl: string | undefined;
  /** Where uploaded pictures are served from, when it is a bucket. */
  storagePublicUrl: string | undefined;
  site: Pick<SiteSettings, 'channelTalkPluginKey' | 'tracking'>;
}

// The hosts each vendor documents for its script, its beacons and (Channel Talk) its sounds.
// Google: developers.google.com/tag-platform/security/guides/csp, GA4 with Google Signals, the
// Korean country domain included. Meta Pixel: fbevents.js and its /tr beacon. Kakao Pixel
// documents none: kp.js and the beacons it sends to *.ad.daum.net. Channel Talk:
// developers.channel.io/ko/articles/Content-Security-Policy-0c068399; its messenger is a frame
// without a source, so it needs no frame-src, and it plays its alert sounds from its CDN.
const GOOGLE_COLLECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
  'https://*.g.doubleclick.net',
  'https://*.google.com',
  'https://*.google.co.kr',
];
const VENDORS = {
  ga4: { 'script-src': ['https://*.googletagmanager.com'], 'connect-src': GOOGLE_COLLECT },
  metaPixel: { 'script-src': ['https://connect.facebook.net'], 'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'] },
  kakaoPixel: { 'script-src': ['https://t1.daumcdn.net'], 'connect-src': ['https://*.ad.daum.net'] },
  channelTalk: {
    'script-src': ['https://*.channel.io', 'https://*.sentry-cdn.com'],
    'connect-src': [
      'https://*.channel.io',
      'https://*.channel.app',
      'https://*.sentry.io',
      'wss://*.channel.io',
      'wss://*.desk-ws.channel.io',
      'wss://*.front-ws.channel.io',
    ],
    'media-src': ['https://*.channel.io'],
  },
} satisfies Record<string, Directives>;

const originOf = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/**
 * The page policy beside what Astro writes (script-src with the hashes of the scripts it built,
 * style-src as astro.config.ts sets it). Scripts come from this site and from the vendors that are
 * configured, never inline. Pictures may come from any https address: the texts staff write and
 * the profile pictures social sign-in keeps point at other hosts, and a picture runs nothing.
 */
function pageDirectives({ publicApiUrl, storagePublicUrl, site }: PageSources): Directives[] {
  const { ga4, metaPixel, kakaoPixel } = site.tracking;
  const vendors = [
    ga4 ? VENDORS.ga4 : {},
    metaPixel ? VENDORS.metaPixel : {},
    kakaoPixel ? VENDORS.kakaoPixel : {},
    site.channelTalkPluginKey ? VENDORS.channelTalk : {},
  ];
  return [
    {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...originOf(storagePublicUrl)],
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...originOf(publicApiUrl)],
      // Named so that a vendor's hosts add to this site's own sources rather than replace them.
      'media-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
    ...vendors,
  ];
}

function parsePolicy(policy: string): Map<string, Set<string>> {
  const directives = new Map<string, Set<string>>();
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) directives.set(name, new Set([...(directives.get(name) ?? []), ...sources]));
  }
  return directives;
}

/** Sets a page response's headers: Astro's policy with ours merged in, and privacy for a session. */
export type PageHeaders = (response: Response, session: boolean) => void;

/**
 * A page's empty 404 or 500 (`new Response(null, { status: 404 })`): Astro renders the 404 or 500
 * page in its place, through the middleware again, and keeps this response's headers over that
 * page's own, a policy included.
 */
const becomesErrorPage = ({ body, status }: Response): boolean => body === null && (status === 404 || status === 500);

export function pageSecurityHeaders(sources: PageSources): PageHeaders {
  const base = baseSecurityHeaders(sources.appUrl);
  const ours = pageDirectives(sources);
  return (response, session) => {
    const { headers } = response;
    for (const [name, value] of Object.entries(base)) headers.set(name, value);
    const astroPolicy = headers.get('Content-Security-Policy');
    if (astroPolicy === null) {
      // A redirect, a text file or the maintenance notice: Astro rendered no page here. The error
      // page that replaces an empty 404 or 500 gets its own policy, which this one would override.
      if (!becomesErrorPage(response)) headers.set('Content-Security-Policy', NO_DOCUMENT_POLICY);
    } else {
      const policy = parsePolicy(astroPolicy);
      for (const directives of ours) {
        for (const [name, values] of Object.entries(directives)) policy.set(name, new Set([...(policy.get(name) ?? []), ...values]));
      }
      headers.set('Content-Security-Policy', [...policy].map(([name, values]) => [name, ...values].join(' ')).join('; '));
    }
    if (session) keepPrivate(headers);
  };
}
