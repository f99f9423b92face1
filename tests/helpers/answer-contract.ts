import type { z } from 'zod';
import type { App } from '../../src/server/app.ts';
import { answersOf } from '../../src/server/http/openapi/operation.ts';
import type { Answers } from '../../src/server/http/openapi/operation.ts';
import { forbiddenAnswer, messageAnswer, validationAnswer } from '../../src/server/http/openapi/envelopes.ts';
import { legacyTarget } from '../../src/server/modules/legacy/map.ts';
import { API_OPERATIONS } from '../../src/server/modules/openapi/operations.ts';

/** A path no route takes is refused before or after routing, always in the error envelope. */
const UNROUTED: Answers = {
  401: messageAnswer,
  403: forbiddenAnswer,
  404: messageAnswer,
  405: messageAnswer,
  413: messageAnswer,
  419: messageAnswer,
  422: validationAnswer,
  429: messageAnswer,
};

const answersByRoute = new Map<string, Answers>(
  Object.values(API_OPERATIONS)
    .flat()
    .map((operation) => [`${operation.method} ${operation.path}`, answersOf(operation)]),
);

export interface Answered {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

type RouteEntry = [[unknown, { method: string; path: string }], unknown];

/** The route Hono hands the request to: the first that is not middleware (method ALL). */
function routeOf(app: App, method: string, path: string): string | null {
  const [matches] = app.router.match(method, path) as unknown as [RouteEntry[]];
  const route = matches.find(([[, info]]) => info.method !== 'ALL');
  return route ? route[0][1].path : null;
}

/** The method the app routes by: a POST's `_method` override, as src/server/http/incoming.ts applies it. */
export function routedMethod(method: string, fields: Record<string, unknown> | null): string {
  const wanted = typeof fields?.['_method'] === 'string' ? fields['_method'].toUpperCase() : '';
  return method === 'POST' && ['PUT', 'PATCH', 'DELETE'].includes(wanted) ? wanted : method;
}

const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');

export type AnswerCheck = (method: string, url: string, answered: Answered) => void;

const CHECKED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Checks each answer of the API against GET /api/openapi.json's description of its route: the
 * status must be documented, and a JSON body must match that status's schema. A legacy /v1 path is
 * held to its counterpart's description; a path no route takes must still answer the error
 * envelope. Routes a test adds to the app after this is made (probes, fakes) are not the API's.
 */
export function answerChecker(app: App): AnswerCheck {
  const own = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
  return (method, url, answered) => {
    if (!CHECKED_METHODS.has(method)) return;
    const pathname = new URL(url, 'http://localhost').pathname;
    const isLegacy = pathname.startsWith('/v1/');
    if (!isLegacy && !pathname.startsWith('/api/')) return;
    const legacy = isLegacy ? legacyTarget(pathname) : null;
    const found = isLegacy && !legacy ? null : routeOf(app, method, legacy?.counterpartPath ?? pathname);
    if (found && !own.has(`${method} ${found}`)) return;
    // A legacy path reaches only the routes under its row of the map; any other is answered 404.
    const route = found && (!legacy || legacy.reaches(found)) ? found : null;
    const answers = route ? answersByRoute.get(`${method} ${route}`) : UNROUTED;
    const what = `${method} ${pathname}${route ? ` (route ${route})` : ''} answered ${answered.status}`;
    if (!answers) throw new Error(`${what}, but the API description has no such operation`);
    if (!(answered.status in answers)) throw new Error(`${what}, a status its API description does not list: ${answered.text.slice(0, 200)}`);
    const schema = answers[answered.status];
    const isJson = answered.headers.get('content-type')?.includes('application/json') ?? false;
    if (!schema) {
      if (isJson) throw new Error(`${what} with a JSON body where its API description has none: ${answered.text.slice(0, 200)}`);
      return;
    }
    if (!isJson) throw new Error(`${what} without the JSON body its API description names`);
    const result = schema.safeParse(answered.body);
    if (!result.success) throw new Error(`${what}, not as its API description says: ${describeIssues(result.error)}`);
  };
}
