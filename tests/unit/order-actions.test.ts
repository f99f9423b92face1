import { describe, expect, it } from 'vitest';
import { orderActions, shipsGoods } from '../../src/lib/orders.ts';
import type { OrderData, OrderItemData } from '../../src/lib/orders.ts';

const item = (id: number, overrides: Partial<OrderItemData> = {}): OrderItemData => ({
  id,
  kind: 'product',
  product_id: 1,
  product_option_id: null,
  ritual_session_id: null,
  name: '감사 일기 100일 노트',
  option_name: null,
  unit_price: 16_000,
  quantity: 1,
  line_amount: 16_000,
  discount_share: 0,
  refunded_amount: 0,
  status: 'paid',
  review_id: null,
  can_review: false,
  review_opens_after: null,
  ...overrides,
});

const order = (status: OrderData['status'], items: OrderItemData[]) => ({ status, items });

describe('orderActions', () => {
  it('offers 주문 취소 for a pending order only', () => {
    expect(orderActions(order('pending', [item(1, { status: 'pending' })]))).toEqual({ cancelUnpaid: true, cancelPaid: false, cancellableItemIds: [] });
  });

  it('offers the whole refund and each line of a paid order not yet shipped', () => {
    for (const status of ['paid', 'preparing'] as const) {
      expect(orderActions(order(status, [item(1), item(2)]))).toEqual({ cancelUnpaid: false, cancelPaid: true, cancellableItemIds: [1, 2] });
    }
  });

  it('leaves a single paid line to 결제 취소 and skips refunded lines', () => {
    expect(orderActions(order('paid', [item(1)]))).toEqual({ cancelUnpaid: false, cancelPaid: true, cancellableItemIds: [] });
    expect(orderActions(order('partially_refunded', [item(1, { status: 'refunded' }), item(2), item(3)]))).toEqual({
      cancelUnpaid: false,
      cancelPaid: true,
      cancellableItemIds: [2, 3],
    });
    expect(orderActions(order('partially_refunded', [item(1, { status: 'refunded' }), item(2)])).cancellableItemIds).toEqual([]);
  });

  it('offers nothing once shipped, delivered, purchase-confirmed, cancelled or refunded', () => {
    for (const status of ['shipping', 'delivered', 'purchase_confirmed', 'cancelled', 'refunded'] as const) {
      expect(orderActions(order(status, [item(1), item(2)]))).toEqual({ cancelUnpaid: false, cancelPaid: false, cancellableItemIds: [] });
    }
  });

  it('refunds no session that has begun, neither whole nor as a line', () => {
    const session = item(2, { kind: 'ritual_session', product_id: null, ritual_session_id: 7 });
    expect(orderActions(order('paid', [item(1), session]), new Set([7]))).toEqual({ cancelUnpaid: false, cancelPaid: false, cancellableItemIds: [1] });
    expect(orderActions(order('paid', [session]), new Set([7]))).toEqual({ cancelUnpaid: false, cancelPaid: false, cancellableItemIds: [] });
    expect(orderActions(order('paid', [item(1), session]), new Set([8]))).toEqual({ cancelUnpaid: false, cancelPaid: true, cancellableItemIds: [1, 2] });
  });
});

describe('shipsGoods', () => {
  it('is false for an order of sessions only', () => {
    expect(shipsGoods({ items: [item(1, { kind: 'ritual_session', product_id: null, ritual_session_id: 3 })] })).toBe(false);
    expect(shipsGoods({ items: [item(1), item(2, { kind: 'ritual_session' })] })).toBe(true);
  });
});
