import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { PRECOMPRESSED_CODINGS, acceptedCodings, precompressedType } from './precompressed.ts';

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

/** The build's compressed copy of `pathname` that the browser takes, if there is one. */
function compressedCopy(files: ReadonlySet<string>, pathname: string, acceptEncoding: string | undefined) {
  const type = precompressedType(pathname);
  if (!type) return null;
  const accepted = acceptedCodings(acceptEncoding);
  const copy = PRECOMPRESSED_CODINGS.find(({ coding, suffix }) => accepted.has(coding) && files.has(pathname + suffix));
  return copy ? { ...copy, type } : null;
}

/**
 * One of the listed files, with the validators `send` gives (ETag, Last-Modified, ranges) and
 * `headers`; its compressed copy instead when the build wrote one and the browser takes it.
 * `acceptEncoding` is the browser's header as it came, before the compression middleware's filter.
 */
export function serveStaticFile(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  files: ReadonlySet<string>,
  pathname: { raw: string; decoded: string },
  headers: Record<string, string>,
  acceptEncoding: string | undefined,
): void {
  const copy = compressedCopy(files, pathname.decoded, acceptEncoding);
  const stream = send(req, copy ? pathname.raw + copy.suffix : pathname.raw, { root: clientDir });
  stream.on('headers', () => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (pathname.decoded.startsWith(HASHED_ASSETS)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    if (precompressedType(pathname.decoded)) res.setHeader('Vary', 'Accept-Encoding');
    if (copy) {
      res.setHeader('Content-Type', copy.type);
      res.setHeader('Content-Encoding', copy.coding);
    }
  });
  stream.on('error', (error: { statusCode?: number }) => {
    res.statusCode = error.statusCode ?? 500;
    res.end();
  });
  stream.pipe(res);
}
