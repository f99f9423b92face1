import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The islands' server renderer (src/server/react-islands.ts): React's string renderer in place of
 * @astrojs/react's streaming one, hydrated by @astrojs/react's client. It claims every React
 * component (Astro asks the renderers in the order they were added), so it must come before
 * @astrojs/react in the integrations: @astrojs/react would answer by rendering the component once
 * more just to see whether it is React's. See docs/decisions/010-island-string-renderer.md.
 */
export const reactIslands = (): AstroIntegration => ({
  name: 'react-islands',
  hooks: {
    'astro:config:setup': ({ addRenderer }) => {
      addRenderer({
        name: 'react-islands',
        serverEntrypoint: fileURLToPath(new URL('../server/react-islands.ts', import.meta.url)),
        clientEntrypoint: '@astrojs/react/client.js',
      });
    },
  },
});
