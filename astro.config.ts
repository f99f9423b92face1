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

export default defineConfig({
  output: 'server',
  adapter: nodeWithBoot(),
  integrations: [react()],
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
