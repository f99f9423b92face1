import type { ShippingRule } from './store.ts';
import { shippingOf } from './store.ts';

export type CheckoutSource = 'cart' | 'temp';

export const CHECKOUT_PATH = '/checkout';
export const checkoutPath = (from: CheckoutSource): string => `${CHECKOUT_PATH}?from=${from}`;
export const CHECKOUT_SUCCESS_PATH = '/checkout/success';
export const CHECKOUT_FAIL_PATH = '/checkout/fail';
export const orderPagePath = (id: number): string => `/mypage/orders/${id}`;

/** One line the checkout is about to order: a cart line, a 바로 구매 product or a ritual session. */
export interface CheckoutLine {
  kind: 'product' | 'ritual_session';
  /** The cart line it comes from (checkout from the cart), else null. */
  cart_item_id: number | null;
  product_id: number | null;
  ritual_session_id: number | null;
  name: string;
  option_name: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** Null for a ritual session: nothing is shipped. */
  shipping: ShippingRule | null;
}

export interface CheckoutPreview {
  items_amount: number;
  shipping_fee: number;
  needs_address: boolean;
}

/** The amounts before the surcharge and the coupon, by the rule the server's order follows. */
export function checkoutPreview(lines: CheckoutLine[]): CheckoutPreview {
  const shipped = lines.flatMap((line) => (line.shipping ? [{ line_total: line.line_total, shipping: line.shipping }] : []));
  return {
    items_amount: lines.reduce((sum, line) => sum + line.line_total, 0),
    shipping_fee: shippingOf(shipped).fee,
    needs_address: shipped.length > 0,
  };
}

/** A payment key of the test provider: `test_ok…` is approved, `test_fail…` declined. */
export const testPaymentKey = (outcome: 'ok' | 'fail', random: string): string => `test_${outcome}_${random}`;
