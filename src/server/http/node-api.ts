import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { HttpBindings } from '@hono/node-server';
import type { Logger } from '../logger.ts';
import { UNROUTED } from '../metrics/requests.ts';
import type { Runtime } from '../runtime.ts';
import { availability } from './availability.ts';
import { INTERNAL_ERROR_MESSAGE } from './errors.ts';
import { newRequestId } from './request-id.ts';

/** The id the edge gave each request it hands to the API. */
const requestIds = new WeakMap<IncomingMessage, string>();

function serverError(logger: Logger, error: unknown, requestId: string): Response {
  logger.error({ err: error, reqId: requestId }, 'the API failed before it could answer');
  return Response.json({ message: INTERNAL_ERROR_MESSAGE }, { status: 500, headers: { 'X-Request-Id': requestId } });
}

const badRequest = (requestId: string): Response =>
  Response.json({ message: '요청을 해석할 수 없습니다.' }, { status: 400, headers: { 'X-Request-Id': requestId } });

/**
 * The API as the built server answers it: straight from Node's request to the Hono app, without
 * Astro's page machinery in between (the dev server still goes through src/middleware.ts).
 * What fails outside the app (reading the request, the gate) is logged with the request's id and
 * answered with the API's error shape, never the adapter's empty 500.
 */
export function nodeApiListener(runtime: Runtime): (req: IncomingMessage, res: ServerResponse, requestId: string) => Promise<void> {
  const listener = getRequestListener(
    async (request, env) => {
      const { incoming } = env as HttpBindings;
      const requestId = requestIds.get(incoming) ?? newRequestId();
      try {
        // The path as Node read it: no URL object is built for a request that is let through.
        const gate = availability(runtime, true, (incoming.url ?? '/').split('?', 1)[0]!);
        if (gate.kind === 'unavailable') {
          runtime.metrics.requests.observe(request.method, UNROUTED, gate.response.status, 0);
          return gate.response;
        }
        return await runtime.track(() => runtime.api.fetch(request, incoming.socket.remoteAddress, requestId));
      } catch (error) {
        runtime.metrics.requests.observe(request.method, UNROUTED, 500, 0);
        return serverError(runtime.logger, error, requestId);
      }
    },
    // A request that cannot be made a web Request (a bad Host, a backslash in the path) is the client's.
    { errorHandler: (error) => (error instanceof Error && error.name === 'RequestError' ? badRequest(newRequestId()) : serverError(runtime.logger, error, newRequestId())) },
  );
  return (req, res, requestId) => {
    requestIds.set(req, requestId);
    return listener(req, res);
  };
}
