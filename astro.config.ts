import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import type { AstroIntegration } from 'astro';

/**
 * The Node adapter, with our entry in front of its own: the database is opened, locked and
 * migrated before the server listens (see src/server/entry.ts).
 */
function nodeWithBoot(): AstroIntegration {
  const adapter = node({ mode: 'standalone', bodySizeLimit: 64 * 1024 * 1024 });
  const configDone = adapter.hooks['astro:config:done'];
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone?.({
          ...params,
          setAdapter: (settings) =>
            params.setAdapter({
              ...settings,
              serverEntrypoint: fileURLToPath(new URL('./src/server/entry.ts', import.meta.url)),
            }),
        }),
    },
  };
}

/**
 * The embedded database's thread runs a file of its own, found next to the code that starts it
 * (`new URL('./pglite-worker.mjs', import.meta.url)`). The server build does not follow such URLs,
 * so the file is copied beside every built chunk that names it.
 */
function pgliteWorkerFile(): AstroIntegration {
  const source = fileURLToPath(new URL('./src/server/db/pglite-worker.mjs', import.meta.url));
  let serverDir = '';
  return {
    name: 'pglite-worker-file',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': () => {
        const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
        for (const file of files) {
          const path = join(serverDir, file);
          if (readFileSync(path, 'utf8').includes('pglite-worker.mjs')) copyFileSync(source, join(dirname(path), 'pglite-worker.mjs'));
        }
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: nodeWithBoot(),
  integrations: [react(), pgliteWorkerFile()],
  server: { port: 4321 },
  // Request forgery is handled by the API's XSRF-TOKEN check, which answers 419 as clients expect.
  security: { checkOrigin: false },
  session: false,
  env: {
    schema: {
      PUBLIC_API_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
    },
  },
});
