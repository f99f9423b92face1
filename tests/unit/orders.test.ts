import { describe, expect, it } from 'vitest';
import { couponDiscount, splitDiscount } from '../../src/lib/orders.ts';

describe('couponDiscount', () => {
  const welcome = { kind: 'percent' as const, value: 10, max_discount: 10000, min_order_amount: 10000 };
  it('takes the percent rounded down, capped, and nothing below the minimum', () => {
    expect(couponDiscount(welcome, 25_555)).toBe(2555);
    expect(couponDiscount(welcome, 500_000)).toBe(10000);
    expect(couponDiscount(welcome, 9_999)).toBe(0);
  });
  it('never gives more than the amount with a fixed coupon', () => {
    expect(couponDiscount({ kind: 'fixed', value: 5000, max_discount: null, min_order_amount: 0 }, 3000)).toBe(3000);
  });
});

describe('splitDiscount', () => {
  it('adds up exactly and stays within each line', () => {
    const shares = splitDiscount([10000, 3333, 1], 1001);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
    expect(shares[2]).toBeLessThanOrEqual(1);
    expect(splitDiscount([100, 100], 0)).toEqual([0, 0]);
    expect(splitDiscount([1, 1], 2)).toEqual([1, 1]);
  });
});
