import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/lib/numbers.ts';

describe('formatCount', () => {
  it('writes counts with thousands separators, as Korean pages do', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(100304)).toBe('100,304');
  });
});
