import { getRuntime } from './runtime.ts';

// The server opens, locks and migrates the database before it listens, so a second server on
// the same PGlite directory stops here, at once, instead of on its first request.
await getRuntime();

export const { handler, options, startServer } = await import('@astrojs/node/server.js');
