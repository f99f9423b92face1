import { defineMiddleware } from 'astro:middleware';
import { isApiRequest } from './server/http/api-paths.ts';
import { MAINTENANCE_PAGE, availability } from './server/http/availability.ts';
import { carriesSession, pageSecurityHeaders } from './server/http/security-headers.ts';
import type { PageHeaders } from './server/http/security-headers.ts';
import { newRequestId } from './server/http/request-id.ts';
import { sessionPolicy } from './server/http/session.ts';
import { loadSession } from './server/modules/sessions/service.ts';
import type { SessionWithUser } from './server/modules/sessions/service.ts';
import { env } from './server/env.ts';
import { getRuntime } from './server/runtime.ts';
import type { Runtime } from './server/runtime.ts';
import type { User } from './server/db/schema/index.ts';
import { pageRedirect } from './lib/page-guards.ts';
import type { VisitorState } from './lib/page-guards.ts';
import type { APIContext, AstroCookies, MiddlewareNext } from 'astro';

/** The browser's session and its member; a cookie whose session is gone is cleared, signing the browser out. */
async function sessionOf(runtime: Runtime, cookies: AstroCookies): Promise<SessionWithUser | null> {
  const { sessionCookie } = runtime.config;
  const token = cookies.get(sessionCookie)?.value;
  if (!token) return null;
  const loaded = await loadSession(runtime.database.db, token, sessionPolicy(runtime.config));
  // A guest's own session (it holds unlocked square passwords) stays; only a dead one is cleared.
  if (!loaded) cookies.delete(sessionCookie, { path: '/' });
  return loaded;
}

let pageHeaders: PageHeaders | undefined;

/** Worked out on the first page: the configuration they come from stays as it is while the server runs. */
const pageHeadersOf = (runtime: Runtime): PageHeaders =>
  (pageHeaders ??= pageSecurityHeaders({
    appUrl: runtime.config.appUrl,
    publicApiUrl: runtime.config.publicApiUrl,
    storagePublicUrl: env.S3_PUBLIC_URL,
    site: runtime.site,
  }));

const visitorState = (user: User | null): VisitorState => ({
  signedIn: user !== null,
  emailVerified: Boolean(user?.emailVerifiedAt),
  agreedToTerms: Boolean(user?.agreedTermsAt && user.agreedPrivacyAt),
});

/** Under the page's pattern (`/square/[categorySlug]/[postId]`); a path no page has is Astro's `/404`. */
const countPage = (runtime: Runtime, context: APIContext, status: number): void =>
  runtime.metrics.requests.observe(context.request.method, context.routePattern, status, (performance.now() - context.locals.receivedAt) / 1000);

/** The security headers on every page; the API sets its own. */
export const onRequest = defineMiddleware(async (context, next) => {
  const runtime = await getRuntime();
  const api = isApiRequest(context.request.method, context.url.pathname);
  // The built server named the request at its edge; the dev server comes here first.
  context.locals.requestId ??= newRequestId();
  context.locals.receivedAt ??= performance.now();
  const response = await route(runtime, api, context, next).catch((error: unknown) => {
    // Astro answers with the 500 page; the line that says why carries the id the visitor was shown.
    runtime.logger.error({ err: error, reqId: context.locals.requestId, method: context.request.method, path: context.url.pathname }, 'page failed');
    if (!api) countPage(runtime, context, 500);
    throw error;
  });
  // The API counts its own requests (src/server/app.ts).
  if (!api) countPage(runtime, context, response.status);
  // The dev server builds no content security policy (Astro hashes the scripts as it builds them).
  if (!api && import.meta.env.PROD) {
    pageHeadersOf(runtime)(response, carriesSession(context.request.headers.get('Cookie'), runtime.config.sessionCookie));
  }
  return response;
});

/**
 * Hands the API's paths to the Hono app; for pages, puts the signed-in member in locals and sends
 * the visitor elsewhere when the page is not for them (guest-only, member-only, terms, e-mail).
 */
async function route(runtime: Runtime, api: boolean, context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { pathname } = context.url;
  const gate = availability(runtime, api, pathname);
  if (gate.kind === 'unavailable') return gate.response;
  if (gate.kind === 'to-maintenance-page') return context.redirect(MAINTENANCE_PAGE, 302);
  return runtime.track(async () => {
    // The built server hands API requests to Hono before Astro (src/server/entry.ts); the dev server comes here.
    if (api) return runtime.api.fetch(context.request, context.clientAddress, context.locals.requestId);
    context.locals.site = runtime.site;
    const loaded = await sessionOf(runtime, context.cookies);
    const user = loaded?.user ?? null;
    context.locals.user = user;
    context.locals.session = loaded?.session ?? null;
    const target = pageRedirect(pathname, context.url.search, visitorState(user), runtime.site.memberHome);
    if (target) return context.redirect(target, 302);
    // No page is named with NUL in it, and the database refuses the character in a page's lookups.
    return pathname.includes('%00') ? next('/404') : next();
  });
}
