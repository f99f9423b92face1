import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { HttpBindings } from '@hono/node-server';
import type { Runtime } from '../runtime.ts';
import { availability } from './availability.ts';

/**
 * The API as the built server answers it: straight from Node's request to the Hono app, without
 * Astro's page machinery in between (the dev server still goes through src/middleware.ts).
 */
export function nodeApiListener(runtime: Runtime): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(
    (request, env) => {
      const { incoming } = env as HttpBindings;
      // The path as Node read it: no URL object is built for a request that is let through.
      const gate = availability(runtime, true, (incoming.url ?? '/').split('?', 1)[0]!);
      if (gate.kind === 'unavailable') return gate.response;
      return runtime.track(() => runtime.api.fetch(request, incoming.socket.remoteAddress));
    },
  );
}
