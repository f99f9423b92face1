import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { siteCharacters } from '../../scripts/site-characters.mjs';

const FONTS = new URL('../../src/assets/fonts/', import.meta.url);
const font = create(readFileSync(new URL('pretendard-korean.ttf', FONTS))) as Font;
const LISTED = [...readFileSync(new URL('pretendard-korean.txt', FONTS), 'utf8').replace(/\n$/, '')];

describe('the Korean cut of Pretendard', () => {
  // A character the font lacks is looked up in the phone's own fonts as the page is laid out: it shows
  // in another face and costs the first layout of every page it is on (◐ in the header took 8-10 ms at 1x).
  it('holds every character the site writes', () => {
    const missing = siteCharacters().filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
    expect(missing, 'draw it as an icon (Icon.astro), or cut the font again: see the first line of scripts/pretendard-subset.mjs').toEqual([]);
  });

  it('is listed beside the font as the characters it holds', () => {
    const held = LISTED.filter((character) => font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
    expect(held).toEqual(LISTED);
    expect(LISTED.length).toBeGreaterThan(1_700);
  });
});
