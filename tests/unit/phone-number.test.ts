import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from '../../src/lib/phone-number.ts';

describe('formatPhoneNumber', () => {
  it('groups mobile numbers: 010 and the older ten-digit ones', () => {
    expect(formatPhoneNumber('01012345678')).toBe('010-1234-5678');
    expect(formatPhoneNumber('0111234567')).toBe('011-123-4567');
    expect(formatPhoneNumber('010 1234 5678')).toBe('010-1234-5678');
  });

  it('groups Seoul numbers after 02, with three or four digits in the middle', () => {
    expect(formatPhoneNumber('021234567')).toBe('02-123-4567');
    expect(formatPhoneNumber('0212345678')).toBe('02-1234-5678');
    expect(formatPhoneNumber('(02) 1234.5678')).toBe('02-1234-5678');
  });

  it('groups the other area codes, internet phones, 0505 and nationwide numbers', () => {
    expect(formatPhoneNumber('0311234567')).toBe('031-123-4567');
    expect(formatPhoneNumber('06412345678')).toBe('064-1234-5678');
    expect(formatPhoneNumber('07012345678')).toBe('070-1234-5678');
    expect(formatPhoneNumber('05051234567')).toBe('0505-123-4567');
    expect(formatPhoneNumber('15881234')).toBe('1588-1234');
  });

  it('keeps a hyphenated number, and regroups one hyphenated oddly', () => {
    expect(formatPhoneNumber('010-1234-5678')).toBe('010-1234-5678');
    expect(formatPhoneNumber('02-000-0000')).toBe('02-000-0000');
    expect(formatPhoneNumber('0101-234-5678')).toBe('010-1234-5678');
  });

  it('leaves foreign and unknown numbers as they were given', () => {
    expect(formatPhoneNumber('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('4155550132')).toBe('4155550132');
    expect(formatPhoneNumber('0101234')).toBe('0101234');
    expect(formatPhoneNumber('02-1234-5678 내선 3')).toBe('02-1234-5678 내선 3');
    expect(formatPhoneNumber('')).toBe('');
  });

  it('regroups only Korean numbers when the calling code is known', () => {
    expect(formatPhoneNumber('01012345678', '82')).toBe('010-1234-5678');
    expect(formatPhoneNumber('01012345678', null)).toBe('010-1234-5678');
    expect(formatPhoneNumber('0212345678', '1')).toBe('0212345678');
  });
});
