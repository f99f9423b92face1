import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from '@serwist/build';
import type { ManifestEntry } from '@serwist/build';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { OFFLINE_PATH, SERVICE_WORKER_PATH } from '../lib/service-worker.ts';

const source = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** What the offline page is rendered from: a change to any of them is a new offline page to fetch. */
const OFFLINE_PAGE_SOURCES = ['pages/offline.astro', 'layouts/Bare.astro', 'layouts/Head.astro', 'components/ServiceWorker.astro'].map(source);

/**
 * The offline page is rendered by the server, so it has no file to hash: its revision is a hash of
 * the build's files it links to (their names carry their own hashes) and of its own sources.
 */
export function offlineEntry(entries: readonly ManifestEntry[], sources: readonly string[]): ManifestEntry {
  const hash = createHash('sha256');
  for (const { url, revision } of entries) hash.update(`${url} ${revision ?? ''}\n`);
  for (const text of sources) hash.update(text);
  return { url: OFFLINE_PATH, revision: hash.digest('hex').slice(0, 20) };
}

/**
 * The service worker (docs/decisions/025-service-worker-serwist.md): after the client build, the
 * worker's source is bundled with esbuild and Serwist writes it to `/sw.js` with the list of files
 * to precache. That list is the hashed build files every visitor may need (scripts, styles, the
 * font), the offline page and its icon; the operator console's and the editor's bundles are left
 * out, as only staff and a member writing ever load them.
 */
export function serviceWorker(): AstroIntegration {
  let clientDir = '';
  let assetsDir = '_astro';
  return {
    name: 'service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
        assetsDir = config.build.assets;
      },
      'astro:build:done': async ({ logger }) => {
        const work = mkdtempSync(join(tmpdir(), 'ritual-sw-'));
        try {
          const bundled = join(work, 'sw.js');
          await build({
            entryPoints: [source('service-worker/sw.ts')],
            bundle: true,
            format: 'iife',
            target: 'es2022',
            minify: true,
            legalComments: 'none',
            // Serwist logs at length unless it is told this is a production build.
            define: { 'process.env.NODE_ENV': '"production"' },
            outfile: bundled,
            logLevel: 'warning',
          });
          const sources = OFFLINE_PAGE_SOURCES.map((path) => readFileSync(path, 'utf8'));
          const { count, size, warnings } = await injectManifest({
            swSrc: bundled,
            swDest: join(clientDir, SERVICE_WORKER_PATH),
            globDirectory: clientDir,
            globPatterns: [`${assetsDir}/**/*.{js,css,ttf,woff2}`, 'favicon.svg', 'icons/icon-192.png'],
            // Pages are never kept offline, so the console's and the editor's bundles would only cost a
            // guest's phone bytes: they load as any file does when a page asks for them.
            globIgnores: [`${assetsDir}/AdminConsole*`, `${assetsDir}/editor.*`],
            // Their names change with their content, so the name is the revision.
            dontCacheBustURLsMatching: new RegExp(`^${assetsDir}/`),
            maximumFileSizeToCacheInBytes: 1024 * 1024,
            manifestTransforms: [(entries) => ({ manifest: [...entries, { ...offlineEntry(entries, sources), size: 0 }], warnings: [] })],
          });
          for (const warning of warnings) logger.warn(warning);
          logger.info(`${SERVICE_WORKER_PATH}: ${count} files to precache, ${(size / 1024).toFixed(0)} KB`);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    },
  };
}
