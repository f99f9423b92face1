import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import type { AstroIntegration } from 'astro';

/**
 * The Node adapter, with our entry in front of its own: the database is opened, locked and
 * migrated before the server listens, and the entry routes each request to the built files, the
 * API or the pages (see src/server/entry.ts). In middleware mode the adapter renders pages only.
 */
export function nodeWithBoot(): AstroIntegration {
  // Pages are rendered whole, then sent with their length: every page reads its data before its
  // first byte anyway, and the streamed render cost more than it gave (the room home: 220 -> 281
  // req/s unstreamed, a small member page 660 -> 715, measured; docs/decisions/011).
  const adapter = node({ mode: 'middleware', bodySizeLimit: 64 * 1024 * 1024, experimentalDisableStreaming: true });
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
              serverEntrypoint: fileURLToPath(new URL('../server/entry.ts', import.meta.url)),
            }),
        }),
    },
  };
}
