import type { Hono, MiddlewareHandler } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import { getPath } from 'hono/utils/url';
import type { AppDeps, AppEnv } from '../../http/context.ts';
import { legacyHeaders, successorLink } from './deprecation.ts';
import { legacyTarget } from './map.ts';
import { recordLegacyUse } from './service.ts';

/** Which route of the app answers a method and path: the first that matches, as Hono runs them. */
function routeFinder(app: Hono<AppEnv>): (method: string, path: string) => string | undefined {
  const router = new PatternRouter<string>();
  for (const route of app.routes) if (route.method !== 'ALL') router.add(route.method, route.path, route.path);
  return (method, path) => router.match(method === 'HEAD' ? 'GET' : method, path)[0][0]?.[0];
}

/**
 * The legacy `/v1` paths of the map, answered by their `/api` routes themselves: the request goes
 * through the app again under the counterpart's path, with the body already read and `_method`
 * already applied, so session, request forgery, bodies, answers and errors are the counterpart's.
 * It must come before the app's other middleware, which then runs once, for the counterpart. A
 * `/v1` path the map has no route for goes on to the app's 404.
 */
export function legacyDispatch(app: Hono<AppEnv>, { db, config, logger }: Pick<AppDeps, 'db' | 'config' | 'logger'>): MiddlewareHandler<AppEnv> {
  const deprecation = legacyHeaders(config.legacySunset);
  // The app's routes are all registered by the first request.
  let routeOf: ReturnType<typeof routeFinder> | undefined;
  return async (c, next) => {
    const url = new URL(c.req.url);
    const target = legacyTarget(url.pathname);
    if (!target) return next();
    const request = new Request(`${url.origin}${target.counterpartPath}${url.search}`, { method: c.req.method, headers: c.req.raw.headers });
    routeOf ??= routeFinder(app);
    const route = routeOf(request.method, getPath(request));
    if (route === undefined || !target.reaches(route)) return next();

    const answer = await app.fetch(request, { ...c.env, prepared: { ...c.env.prepared, request } });
    const response = new Response(answer.body, answer);
    response.headers.set('Deprecation', deprecation.Deprecation);
    response.headers.set('Sunset', deprecation.Sunset);
    response.headers.append('Link', successorLink(target.counterpartPath));
    try {
      await recordLegacyUse(db, target.patternOf(route));
    } catch (error) {
      // An old client is still answered when its call cannot be counted.
      logger.warn({ err: error, path: url.pathname }, 'a legacy call was not counted');
    }
    return response;
  };
}
