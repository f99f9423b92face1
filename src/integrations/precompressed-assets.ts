import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { PRECOMPRESSED_CODINGS, precompressedType } from '../server/http/precompressed.ts';

/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const COMPRESS: Record<(typeof PRECOMPRESSED_CODINGS)[number]['coding'], (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * Writes `name.br` and `name.gz` beside each hashed asset of `assetsDir` that the server serves
 * compressed (src/server/http/precompressed.ts), when the copy is smaller. Returns the copies written.
 */
export function precompressAssets(assetsDir: string): string[] {
  const written: string[] = [];
  const names = readdirSync(assetsDir, { recursive: true, encoding: 'utf8' });
  for (const name of names.filter((n) => precompressedType(n))) {
    const path = join(assetsDir, name);
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    for (const { coding, suffix } of PRECOMPRESSED_CODINGS) {
      const compressed = COMPRESS[coding](bytes);
      if (compressed.length >= bytes.length) continue;
      writeFileSync(path + suffix, compressed);
      written.push(name + suffix);
    }
  }
  return written;
}

/**
 * The client build's hashed assets (`_astro/`), compressed once at the best levels. The Korean
 * font above all: served as TrueType so that the browser decompresses it while it arrives, off
 * the page's main thread, where WOFF2 is decompressed on it (docs/decisions/007).
 */
export function precompressedAssets(): AstroIntegration {
  let clientDir = '';
  let assetsDir = '_astro';
  return {
    name: 'precompressed-assets',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
        assetsDir = config.build.assets;
      },
      'astro:build:done': ({ logger }) => {
        const written = precompressAssets(join(clientDir, assetsDir));
        logger.info(`${written.length} compressed copies of the client's assets`);
      },
    },
  };
}
