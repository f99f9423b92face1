import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { UNMATCHED } from '../metrics/requests.ts';

/**
 * The pattern of the route that answers a request (`/api/square-posts/:id`), also when a middleware
 * answered for it (419, 429); UNMATCHED when no route has the method and path. The first route of
 * a method wins, as it does when Hono runs them; middleware is registered for every method (ALL).
 */
export function routePatternOf(c: Context): string {
  for (const route of matchedRoutes(c)) if (route.method !== 'ALL') return route.path;
  return UNMATCHED;
}
