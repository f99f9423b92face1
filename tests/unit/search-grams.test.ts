import { describe, expect, it } from 'vitest';
import { gramsOf, normaliseSearchText, searchWords } from '../../src/lib/search.ts';

describe('normaliseSearchText', () => {
  it('folds full-width letters and compatibility jamo, lowers case and collapses spaces', () => {
    expect(normaliseSearchText('  ＡＢＣ\t\n명상   일지 ')).toBe('abc 명상 일지');
    expect(normaliseSearchText('ᄒ\u1161\u11AB')).toBe('한');
  });
});

describe('searchWords', () => {
  it('splits at everything that is not a letter or a digit', () => {
    expect(searchWords("명상, 50% 'or' 1=1; \\ _ \u0000끝")).toEqual(['명상', '50', 'or', '1', '1', '끝']);
    expect(searchWords('%_\\.*')).toEqual([]);
  });
});

describe('gramsOf', () => {
  it('cuts every word into the two-character grams inside it', () => {
    expect(gramsOf('아침명상을')).toEqual(['아침', '침명', '명상', '상을']);
    expect(gramsOf('호흡 명상')).toEqual(['호흡', '명상']);
  });

  it('keeps a word of one character as itself and repeats no gram', () => {
    expect(gramsOf('책 한 권 책')).toEqual(['책', '한', '권']);
    expect(gramsOf('명상 명상을')).toEqual(['명상', '상을']);
  });

  it('reads the same however the text was typed', () => {
    expect(gramsOf('Ｍｅｄｉｔａｔｅ')).toEqual(gramsOf('meditate'));
    expect(gramsOf('RITUAL')).toEqual(['ri', 'it', 'tu', 'ua', 'al']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(gramsOf('🙂🌿xy')).toEqual(['xy']);
    expect(gramsOf('𠀀𠀁')).toEqual(['𠀀𠀁']);
  });

  it('has nothing for a text without words', () => {
    expect(gramsOf('')).toEqual([]);
    expect(gramsOf(' %_ \\ ')).toEqual([]);
  });
});
