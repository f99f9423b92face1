import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';

/** Build output named by content hash: never changes under its name. */
const HASHED_ASSETS = '/_astro/';

/**
 * The built client files (`dist/client`: hashed assets and `public/`), as URL paths, read once at
 * start: the build never changes under a running server. Knowing them up front spares every page
 * and API request a look at the disk for a file that is not there.
 */
export function listStaticFiles(clientDir: string): Set<string> {
  const files = readdirSync(clientDir, { recursive: true, withFileTypes: true });
  return new Set(
    files
      .filter((entry) => entry.isFile())
      .map((entry) => `/${[entry.parentPath.slice(clientDir.length), entry.name].filter(Boolean).join('/')}`.replace(/\/+/g, '/')),
  );
}

/** One of the listed files, with the validators `send` gives (ETag, Last-Modified, ranges) and `headers`. */
export function serveStaticFile(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  pathname: string,
  headers: Record<string, string>,
): void {
  const stream = send(req, pathname, { root: clientDir });
  stream.on('headers', () => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (pathname.startsWith(HASHED_ASSETS)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  });
  stream.on('error', (error: { statusCode?: number }) => {
    res.statusCode = error.statusCode ?? 500;
    res.end();
  });
  stream.pipe(res);
}
