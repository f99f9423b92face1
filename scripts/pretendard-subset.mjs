// npm install --no-save subset-font@2.9.0 && node scripts/pretendard-subset.mjs
//
// Cuts Pretendard's variable font (the npm `pretendard` package) down to what Korean pages of this
// site use, as one TrueType file with every weight: the text written in src/ (scripts/site-characters.mjs),
// the Hangul syllables people use most, the compatibility jamo of ㅋㅋ and ㅠㅠ, ASCII and common
// punctuation. One file is laid out once when it arrives, where the package's dynamic subset sent a
// page's text as a dozen files, each arriving on its own and each laying the page out again.
// The font and the list of its characters are committed; run this again when the test of the list
// (tests/unit/pretendard-subset.test.ts) says that the site uses a character the font lacks.
// subset-font (harfbuzz's hb-subset built to WebAssembly) is a tool here, not a dependency of the app.
// TrueType, not WOFF2: a browser undoes WOFF2's compression on the page's main thread as it first
// lays text out, and undoes the build's Brotli or gzip copy of the TrueType file off it, while the
// file arrives (docs/decisions/007-pretendard-korean-cut.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { create } from 'fontkit';
import subsetFont from 'subset-font';
import { siteCharacters } from './site-characters.mjs';

// Read only, never changed: the font files the package publishes (it ships nothing else), found
// where Node resolves the package, as an import would.
const PACKAGE_JSON = pathToFileURL(createRequire(import.meta.url).resolve('pretendard/package.json'));
const PACKAGE_DIR = fileURLToPath(new URL('dist/web/variable/', PACKAGE_JSON));
const FONT = `${PACKAGE_DIR}woff2/PretendardVariable.woff2`;
const DYNAMIC_SUBSET_CSS = `${PACKAGE_DIR}pretendardvariable-dynamic-subset.css`;
const OUT_FONT = fileURLToPath(new URL('../src/assets/fonts/pretendard-korean.ttf', import.meta.url));
const OUT_CHARACTERS = fileURLToPath(new URL('../src/assets/fonts/pretendard-korean.txt', import.meta.url));

/**
 * The package's dynamic subset follows Google Fonts' Korean slicing: slices 72 to 91 hold the Hangul
 * syllables by frequency of use (91 the most used, with ASCII), the slices before them the rest in
 * code point order. Those twenty hold some 1,400 syllables, which cover nearly all Korean text.
 */
const FREQUENT_SLICES = { first: 72, last: 91, minimumSyllables: 1_400 };
const RANGES = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xff], // Latin-1: no-break space, ·, ×, ©
  [0x2010, 0x2027], // dashes, quotation marks, bullet, …
  [0x2030, 0x2030],
  [0x203b, 0x203b], // ※
  [0x20a9, 0x20a9], // ₩
  [0x2190, 0x2193], // arrows
  [0x3000, 0x3003], // ideographic space and marks
  [0x3008, 0x3011], // 〈〉《》「」『』【】
  [0x3131, 0x318e], // compatibility jamo: ㅋㅋ, ㅠㅠ
];

const isSyllable = (codePoint) => codePoint >= 0xac00 && codePoint <= 0xd7a3;

function codePointsOf(unicodeRange) {
  return unicodeRange.split(',').flatMap((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from, 16);
    const end = to === undefined ? start : Number.parseInt(to, 16);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

function frequentSyllables() {
  const css = readFileSync(DYNAMIC_SUBSET_CSS, 'utf8');
  const syllables = [];
  for (const [, slice, range] of css.matchAll(/subset\.(\d+)\.woff2[^}]*?unicode-range:\s*([^;]+);/g)) {
    const index = Number(slice);
    if (index >= FREQUENT_SLICES.first && index <= FREQUENT_SLICES.last) syllables.push(...codePointsOf(range).filter(isSyllable));
  }
  // A later package could slice differently; then the frequent syllables must be found anew.
  if (syllables.length < FREQUENT_SLICES.minimumSyllables) {
    throw new Error(`slices ${FREQUENT_SLICES.first}-${FREQUENT_SLICES.last} of ${DYNAMIC_SUBSET_CSS} hold ${syllables.length} syllables`);
  }
  return syllables;
}

const codePoints = new Set([
  ...RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)),
  ...frequentSyllables(),
  ...siteCharacters().map((character) => character.codePointAt(0)),
]);
const text = String.fromCodePoint(...[...codePoints].sort((a, b) => a - b));
// Pages use weights 400 to 800; cutting the axis to them makes the file a quarter smaller (WOFF2: 296 to 212 KB).
const font = await subsetFont(readFileSync(FONT), text, { targetFormat: 'truetype', variationAxes: { wght: { min: 400, max: 800 } } });
// Pretendard has no glyph for some of what was asked (◐, old jamo): the list says what the cut holds.
const cut = create(font);
const held = [...text].filter((character) => cut.hasGlyphForCodePoint(character.codePointAt(0)));
const heldSet = new Set(held);
const unheld = siteCharacters().filter((character) => !heldSet.has(character));
if (unheld.length > 0) throw new Error(`Pretendard has no glyph for ${unheld.join(' ')}: draw them as icons (src/components/Icon.astro)`);
writeFileSync(OUT_FONT, font);
writeFileSync(OUT_CHARACTERS, `${held.join('')}\n`);
console.log(`${OUT_FONT}: ${held.length} characters, ${Math.round(font.length / 1024)} KB`);
