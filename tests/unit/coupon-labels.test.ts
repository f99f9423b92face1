import { describe, expect, it } from 'vitest';
import { couponDiscountLabel, spentLabel } from '../../src/lib/coupons.ts';
import { formatWon } from '../../src/lib/numbers.ts';

describe('couponDiscountLabel', () => {
  it('says a percent with its cap, or a fixed sum', () => {
    expect(couponDiscountLabel({ kind: 'percent', value: 10, max_discount: 5000 }, formatWon)).toBe('10% 할인 (최대 5,000원)');
    expect(couponDiscountLabel({ kind: 'percent', value: 15, max_discount: null }, formatWon)).toBe('15% 할인');
    expect(couponDiscountLabel({ kind: 'fixed', value: 3000, max_discount: null }, formatWon)).toBe('3,000원 할인');
  });
});

describe('spentLabel', () => {
  it('tells a used coupon from an expired one', () => {
    expect(spentLabel({ used_at: '2026-11-20T01:00:00.000Z' })).toBe('사용 완료');
    expect(spentLabel({ used_at: null })).toBe('기간 만료');
  });
});
