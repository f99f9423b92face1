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
      const gate = availability(runtime, true, new URL(request.url).pathname);
      if (gate.kind === 'unavailable') return gate.response;
      const { incoming } = env as HttpBindings;
      return runtime.track(() => runtime.api.fetch(request, incoming.socket.remoteAddress));
    },
    // Astro renders the pages with the platform's Request and Response: they must stay the global ones.
    { overrideGlobalObjects: false },
  );
}
