import { describe, expect, it } from 'vitest';
import { INT4_MAX, routeId } from '../../src/server/http/route-id.ts';

describe('routeId', () => {
  it('takes positive whole numbers within the id column, from text or JSON numbers', () => {
    expect(routeId('1')).toBe(1);
    expect(routeId(' 42 ')).toBe(42);
    expect(routeId(7)).toBe(7);
    expect(routeId(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses what cannot name a row', () => {
    for (const value of ['', '0', '-1', '01', '1.5', '1e3', 'abc', String(INT4_MAX + 1), '99999999999', null, undefined, {}, 1.5]) {
      expect(routeId(value), String(value)).toBeNull();
    }
  });
});
