import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin as VitePlugin } from 'vite';

export const REACT_ISLANDS = 'react-islands';
const ISLAND_FILE = /\/src\/islands\/.+\.tsx$/;

/**
 * Marks every exported component of an island file (the capitalised functions, as React names
 * components) for the islands' renderer. Unmarked, Astro would ask each renderer whether a
 * component is theirs, and @astrojs/react answers by rendering it: one more whole render for every
 * island on every page. See docs/decisions/010-island-string-renderer.md.
 */
export function markIslandComponents(code: string): string | null {
  const components = [...code.matchAll(/^export (?:async )?function ([A-Z]\w*)/gm)].map((match) => match[1]);
  if (components.length === 0) return null;
  const marks = components.map((component) => `__astro_tag_component__(${component}, '${REACT_ISLANDS}');`);
  return `${code}\nimport { __astro_tag_component__ } from 'astro/runtime/server/index.js';\n${marks.join('\n')}\n`;
}

/**
 * The islands' server renderer (src/server/react-islands.ts): React's string renderer in place of
 * @astrojs/react's streaming one, hydrated by @astrojs/react's client.
 */
export function reactIslands(): AstroIntegration {
  const marking: VitePlugin = {
    name: 'react-islands-marked',
    enforce: 'post',
    transform(code, id) {
      if (this.environment.config.consumer !== 'server' || !ISLAND_FILE.test(id)) return null;
      return markIslandComponents(code);
    },
  };
  return {
    name: REACT_ISLANDS,
    hooks: {
      'astro:config:setup': ({ addRenderer, updateConfig }) => {
        addRenderer({
          name: REACT_ISLANDS,
          serverEntrypoint: fileURLToPath(new URL('../server/react-islands.ts', import.meta.url)),
          clientEntrypoint: '@astrojs/react/client.js',
        });
        updateConfig({ vite: { plugins: [marking] } });
      },
    },
  };
}
