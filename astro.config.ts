import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import type { AstroIntegration } from 'astro';
import type { Plugin as VitePlugin } from 'vite';

/**
 * The Node adapter, with our entry in front of its own: the database is opened, locked and
 * migrated before the server listens, and the entry routes each request to the built files, the
 * API or the pages (see src/server/entry.ts). In middleware mode the adapter renders pages only.
 */
function nodeWithBoot(): AstroIntegration {
  const adapter = node({ mode: 'middleware', bodySizeLimit: 64 * 1024 * 1024 });
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
 * The embedded database's thread, and the process that creates its directory, run files of their
 * own, found next to the code that starts them (`new URL('./pglite-worker.mjs', import.meta.url)`).
 * The server build does not follow such URLs, so each file is copied beside every chunk naming it.
 */
function pgliteWorkerFiles(): AstroIntegration {
  const names = ['pglite-worker.mjs', 'pglite-initdb.mjs'];
  let serverDir = '';
  return {
    name: 'pglite-worker-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': () => {
        const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
        for (const file of files) {
          const path = join(serverDir, file);
          const code = readFileSync(path, 'utf8');
          for (const name of names.filter((n) => code.includes(n))) {
            copyFileSync(fileURLToPath(new URL(`./src/server/db/${name}`, import.meta.url)), join(dirname(path), name));
          }
        }
      },
    },
  };
}

/**
 * Marks the islands' components as React's in the server build. Astro asks each renderer whether an
 * unmarked component is theirs, and React's answers by rendering it: a whole streaming render of
 * its own before the real one, for every island on every page (a room post's six islands: a tenth
 * of the page's server time, measured). The names are the exported functions that React would take
 * for components (capitalised); marking anything else is never read.
 */
function reactIslandsTagged(): VitePlugin {
  const islandFile = /\/src\/islands\/.+\.tsx$/;
  return {
    name: 'react-islands-tagged',
    enforce: 'post',
    transform(code, id) {
      if (this.environment.config.consumer !== 'server' || !islandFile.test(id)) return null;
      const components = [...code.matchAll(/^export (?:async )?function ([A-Z]\w*)/gm)].map((match) => match[1]);
      if (components.length === 0) return null;
      const tags = components.map((name) => `__astro_tag_component__(${name}, '@astrojs/react');`);
      return `${code}\nimport { __astro_tag_component__ } from 'astro/runtime/server/index.js';\n${tags.join('\n')}\n`;
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: nodeWithBoot(),
  integrations: [react(), pgliteWorkerFiles()],
  vite: { plugins: [reactIslandsTagged()] },
  server: { port: 4321 },
  security: {
    // Request forgery is handled by the API's XSRF-TOKEN check, which answers 419 as clients expect.
    checkOrigin: false,
    // Astro puts the hashes of the scripts it builds into each page's policy; the middleware adds
    // the other directives (src/server/http/security-headers.ts). Scripts stay strict. Styles may
    // be inline: islands and server-rendered cards set style attributes, the editor and Channel
    // Talk add <style> elements as they run, and a style runs no code. Astro leaves the style
    // hashes out then, as a browser would ignore 'unsafe-inline' beside them.
    csp: { styleDirective: { resources: ["'self'", "'unsafe-inline'"] } },
  },
  // No page is Markdown; left on, Shiki would be flagged against the policy on every build.
  markdown: { syntaxHighlight: false },
  session: false,
  env: {
    schema: {
      PUBLIC_API_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
    },
  },
});
