/**
 * Built assets that the build also writes compressed, beside themselves (`name.br`, `name.gz`;
 * src/integrations/precompressed-assets.ts), with the type their compressed copies are served as.
 * Compressed once at the best level when built, they cost the server nothing when asked for, where
 * the compression middleware would compress them again on every request, at a lower level and
 * in gzip only.
 */
export const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
};

/** Best first: a browser that takes both gets Brotli. */
export const PRECOMPRESSED_CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** The content codings an Accept-Encoding header takes (a coding with q=0 is refused). */
export function acceptedCodings(header: string | undefined): Set<string> {
  const codings = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const quality = parameters.map((p) => p.trim().match(/^q=([\d.]+)$/i)?.[1]).find((q) => q !== undefined);
    if (name.trim() && (quality === undefined || Number(quality) > 0)) codings.add(name.trim().toLowerCase());
  }
  return codings;
}

/** The type of a file the build compressed, by its extension, or null when it has none. */
export function precompressedType(pathname: string): string | null {
  const dot = pathname.lastIndexOf('.');
  return dot === -1 ? null : (PRECOMPRESSED_TYPES[pathname.slice(dot).toLowerCase()] ?? null);
}
