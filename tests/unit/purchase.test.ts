import { describe, expect, it } from 'vitest';
import { clampQuantity, firstAvailableOptionId, purchaseChoice, purchaseState } from '../../src/lib/purchase.ts';
import type { Purchase } from '../../src/lib/purchase.ts';

const candle: Purchase = {
  id: 7,
  title: '라벤더 소이 캔들 200g',
  sale_price: 25_600,
  stock: 12,
  is_sold_out: false,
  options: [
    { id: 1, name: '화이트 티', extra_price: 0, stock: 0, is_sold_out: true },
    { id: 2, name: '라벤더', extra_price: 0, stock: 9, is_sold_out: false },
    { id: 3, name: '우디 시더', extra_price: 2_000, stock: 3, is_sold_out: false },
  ],
};
const notebook: Purchase = { id: 8, title: '저널 노트', sale_price: 16_000, stock: 4, is_sold_out: false, options: [] };

describe('the buy box', () => {
  it('opens on the first option that is not sold out, and on none when all are', () => {
    expect(firstAvailableOptionId(candle)).toBe(2);
    expect(firstAvailableOptionId(notebook)).toBeNull();
    expect(firstAvailableOptionId({ ...candle, options: [candle.options[0]!] })).toBeNull();
  });

  it("prices the option's extra and counts its own stock", () => {
    expect(purchaseState(candle, 3, 2)).toMatchObject({ stock: 3, unitPrice: 27_600, total: 55_200, soldOut: false });
    expect(purchaseState(notebook, null, 3)).toMatchObject({ option: null, stock: 4, unitPrice: 16_000, total: 48_000, soldOut: false });
  });

  it('is sold out for a sold-out product, a sold-out option, or a product with options and none chosen', () => {
    expect(purchaseState(candle, 1, 1).soldOut).toBe(true);
    expect(purchaseState(candle, null, 1).soldOut).toBe(true);
    expect(purchaseState({ ...notebook, is_sold_out: true }, null, 1).soldOut).toBe(true);
    expect(purchaseState({ ...notebook, stock: 0 }, null, 1).soldOut).toBe(true);
  });

  it('keeps a quantity whole and within 1 and the stock, whatever is typed', () => {
    expect(clampQuantity(2, 3)).toBe(2);
    expect(clampQuantity(9, 3)).toBe(3);
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(-4, 3)).toBe(1);
    expect(clampQuantity(2.7, 3)).toBe(2);
    expect(clampQuantity(Number.NaN, 3)).toBe(1);
    expect(clampQuantity(5, 0)).toBe(1);
  });

  it('names the option in the line only when there is one', () => {
    expect(purchaseChoice(candle, purchaseState(candle, 3, 2), 2)).toEqual({ product_id: 7, product_option_id: 3, quantity: 2 });
    expect(purchaseChoice(notebook, purchaseState(notebook, null, 1), 1)).toEqual({ product_id: 8, quantity: 1 });
  });
});
