import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The embedded database's thread, and the process that creates its directory, run files of their
 * own, found next to the code that starts them (`new URL('./pglite-worker.mjs', import.meta.url)`).
 * The server build does not follow such URLs, so each file is copied beside every chunk naming it.
 */
export function pgliteWorkerFiles(): AstroIntegration {
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
            copyFileSync(fileURLToPath(new URL(`../server/db/${name}`, import.meta.url)), join(dirname(path), name));
          }
        }
      },
    },
  };
}
