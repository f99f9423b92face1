import { describe, expect, it } from 'vitest';
import { cartSummary, discountRate, shippingOf, shippingRuleText } from '../../src/lib/store.ts';
import type { CartLine } from '../../src/lib/store.ts';
import { formatWon } from '../../src/lib/numbers.ts';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  product: { id: 1, title: '캔들', image: null },
  option: null,
  quantity: 1,
  unit_price: 10_000,
  line_total: 10_000,
  stock: 5,
  is_selected: true,
  problem: null,
  shipping: { fee: 3000, free_over: 30_000 },
  ...overrides,
});

describe('discountRate', () => {
  it('is the whole percent off, rounded down, and 0 without a discount', () => {
    expect(discountRate(15_000, 12_000)).toBe(20);
    expect(discountRate(30_000, 19_900)).toBe(33);
    expect(discountRate(10_000, 10_000)).toBe(0);
    expect(discountRate(0, 0)).toBe(0);
  });
});

describe('shippingOf', () => {
  it('charges the largest fee until the items reach the free-shipping amount, and says what is missing', () => {
    expect(shippingOf([line({ line_total: 12_000 })])).toEqual({ fee: 3000, freeOver: 30_000, missing: 18_000 });
    expect(shippingOf([line({ line_total: 30_000 })])).toEqual({ fee: 0, freeOver: 30_000, missing: 0 });
    expect(
      shippingOf([line({ line_total: 20_000 }), line({ line_total: 15_000, shipping: { fee: 4000, free_over: 50_000 } })]),
    ).toEqual({ fee: 4000, freeOver: 50_000, missing: 15_000 });
  });

  it('never waives the fee of a product that is never shipped free, and charges nothing for nothing', () => {
    expect(shippingOf([line({ line_total: 90_000, shipping: { fee: 3000, free_over: null } })])).toEqual({ fee: 3000, freeOver: null, missing: 0 });
    expect(shippingOf([line({ shipping: { fee: 0, free_over: null } })])).toEqual({ fee: 0, freeOver: null, missing: 0 });
    expect(shippingOf([])).toEqual({ fee: 0, freeOver: null, missing: 0 });
  });
});

describe('cartSummary', () => {
  it('sums only the chosen lines that can be ordered', () => {
    const summary = cartSummary([
      line({ line_total: 10_000 }),
      line({ id: 2, line_total: 50_000, is_selected: false }),
      line({ id: 3, line_total: 40_000, problem: 'sold_out' }),
      line({ id: 4, line_total: 40_000, problem: 'stock_short' }),
    ]);
    expect(summary).toEqual({ items_amount: 10_000, shipping_fee: 3000, free_shipping_over: 30_000, missing_for_free_shipping: 20_000, amount: 13_000, orderable_count: 1 });
  });
});

describe('shippingRuleText', () => {
  it('writes the rule as the product page shows it', () => {
    expect(shippingRuleText({ fee: 3000, free_over: 30_000 }, formatWon)).toBe('배송비 3,000원 (30,000원 이상 구매 시 무료)');
    expect(shippingRuleText({ fee: 3000, free_over: null }, formatWon)).toBe('배송비 3,000원');
    expect(shippingRuleText({ fee: 0, free_over: null }, formatWon)).toBe('무료 배송');
  });
});
