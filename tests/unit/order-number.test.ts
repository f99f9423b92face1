import { describe, expect, it } from 'vitest';
import { newOrderNumber } from '../../src/server/modules/orders/order-number.ts';

describe('newOrderNumber', () => {
  it('dates the number by the Seoul day, past midnight there while it is still the day before in UTC', () => {
    expect(newOrderNumber(new Date('2026-11-27T15:30:00Z'), () => 0)).toBe('20261128-222222');
    expect(newOrderNumber(new Date('2026-11-27T14:59:00Z'), (max) => max - 1)).toBe('20261127-ZZZZZZ');
  });

  it('never uses characters one could read as another: 0, O, 1, I, L', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 31; index += 1) seen.add(newOrderNumber(new Date('2026-11-28T03:00:00Z'), () => index).slice(-1));
    expect([...seen].join('')).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
  });
});
