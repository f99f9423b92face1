import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteCharacters } from '../../scripts/site-characters.mjs';

const CUT = new Set(readFileSync(new URL('../../src/assets/fonts/pretendard-korean.txt', import.meta.url), 'utf8'));

describe('the Korean cut of Pretendard', () => {
  it('was made with every character the site writes, so no page shows one in another font', () => {
    const missing = siteCharacters().filter((character) => !CUT.has(character));
    expect(missing, 'cut the font again: see the first line of scripts/pretendard-subset.mjs').toEqual([]);
  });
});
