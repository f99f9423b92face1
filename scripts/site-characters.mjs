// The characters people read on this site beyond ASCII: every one written in src/ (the pages, the
// messages of the server, the seeded demo content). Shared by the font cut
// (scripts/pretendard-subset.mjs) and the test that keeps it up to date.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_DIR = fileURLToPath(new URL('../src', import.meta.url));
const TEXT_FILE = /\.(astro|ts|tsx|css|mjs)$/;
/** Above ASCII, and not a combining mark, a variation selector or an emoji, which the font has no glyph for. */
const READABLE = /^[^\p{ASCII}\p{M}\p{Extended_Pictographic}\u{FE00}-\u{FE0F}]$/u;

/** Sorted by code point, so that the list written beside the font changes only where the text did. */
export function siteCharacters() {
  const found = new Set();
  const files = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => TEXT_FILE.test(file));
  for (const file of files) {
    for (const character of readFileSync(join(SOURCE_DIR, file), 'utf8')) {
      if (READABLE.test(character)) found.add(character);
    }
  }
  return [...found].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
}
