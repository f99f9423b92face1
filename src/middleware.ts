import { defineMiddleware } from 'astro:middleware';
import { isApiRequest } from './server/http/api-paths.ts';
import { loadSession } from './server/modules/sessions/service.ts';
import { sessionPolicy } from './server/http/session.ts';
import { getRuntime } from './server/runtime.ts';

const SHUTTING_DOWN = { message: '서버를 다시 시작하고 있습니다. 잠시 후 다시 시도해 주세요.' };

/** Hands the API's paths to the Hono app; for pages, puts the signed-in member in locals. */
export const onRequest = defineMiddleware(async (context, next) => {
  const runtime = await getRuntime();
  const { pathname } = context.url;
  const api = isApiRequest(context.request.method, pathname);
  if (runtime.draining) {
    return api
      ? Response.json(SHUTTING_DOWN, { status: 503, headers: { 'Retry-After': '5' } })
      : new Response(SHUTTING_DOWN.message, { status: 503, headers: { 'Retry-After': '5' } });
  }
  return runtime.track(async () => {
    if (api) return runtime.api.fetch(context.request, context.clientAddress);
    context.locals.user = null;
    const token = context.cookies.get(runtime.config.sessionCookie)?.value;
    if (token) {
      const loaded = await loadSession(runtime.database.db, token, sessionPolicy(runtime.config));
      context.locals.user = loaded?.user ?? null;
    }
    return next();
  });
});
