import type { AstroIntegration } from 'astro';
import type { Plugin as VitePlugin } from 'vite';

/** What one transform of Astro's built code replaces, in which file, and which record explains it. */
export interface AstroSourcePatch {
  name: string;
  /** The file's path inside astro/dist. */
  file: string;
  decision: string;
  replacements: Array<[original: string, replacement: string]>;
}

/**
 * The Vite plugin that edits one of Astro's own files as the server is built. Each replacement must
 * find the code it replaces, or the build stops and names the decision record that explains it,
 * rather than losing the saving unnoticed when Astro changes.
 */
export function astroSourcePlugin({ name, file, decision, replacements }: AstroSourcePatch): VitePlugin {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!(id.split('?')[0] ?? id).endsWith(`/astro/dist/${file}`)) return null;
      let patched = code;
      for (const [original, replacement] of replacements) {
        if (!patched.includes(original)) throw new Error(`${name}: ${id} has changed (no "${original}"); see ${decision}`);
        patched = patched.replace(original, replacement);
      }
      return patched;
    },
  };
}

/** The integration that adds that plugin to the build. */
export const astroSourcePatch = (patch: AstroSourcePatch): AstroIntegration => ({
  name: patch.name,
  hooks: {
    'astro:config:setup': ({ updateConfig }) => {
      updateConfig({ vite: { plugins: [astroSourcePlugin(patch)] } });
    },
  },
});
