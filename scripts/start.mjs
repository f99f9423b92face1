// `npm start`: build when the sources are newer than the last build, then serve it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ENTRY = 'dist/server/entry.mjs';
const SOURCES = ['src', 'public', 'drizzle', 'astro.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const built = existsSync(ENTRY) ? statSync(ENTRY).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newestMtime));
if (changed > built) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(ENTRY).href);
