/** Orders as the API, the pages and the islands see them. */
import type { ReviewWait } from './reviews.ts';

export type OrderStatus = 'pending' | 'paid' | 'preparing' | 'shipping' | 'delivered' | 'purchase_confirmed' | 'cancelled' | 'refunded' | 'partially_refunded';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '결제 대기',
  paid: '결제 완료',
  preparing: '상품 준비 중',
  shipping: '배송 중',
  delivered: '배송 완료',
  purchase_confirmed: '구매 확정',
  cancelled: '주문 취소',
  refunded: '환불 완료',
  partially_refunded: '부분 환불',
};

export interface OrderItemData {
  id: number;
  kind: 'product' | 'ritual_session';
  product_id: number | null;
  product_option_id: number | null;
  ritual_session_id: number | null;
  name: string;
  option_name: string | null;
  unit_price: number;
  quantity: number;
  line_amount: number;
  discount_share: number;
  refunded_amount: number;
  status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  /** The member's review of this line, once written. */
  review_id: number | null;
  /** Paid, not given back, delivered or a session over, and not reviewed yet: the review form's link shows. */
  can_review: boolean;
  /** What the review still waits for (the parcel, or the session's end); null when it waits for nothing. */
  review_opens_after: ReviewWait | null;
}

/** GET /api/order-items/me/{id}: a line with what the review form needs of its order. */
export interface OwnOrderItemData extends OrderItemData {
  order_id: number;
  order_number: string;
  order_status: OrderStatus;
}

export interface OrderData {
  id: number;
  order_number: string;
  title: string;
  status: OrderStatus;
  status_label: string;
  items: OrderItemData[];
  items_amount: number;
  shipping_fee: number;
  isolated_fee: number;
  discount_amount: number;
  amount: number;
  refunded_amount: number;
  coupon_user_id: number | null;
  recipient_name: string | null;
  recipient_phone: string | null;
  postal_code: string | null;
  address: string | null;
  address_detail: string | null;
  memo: string | null;
  shipping_carrier: string | null;
  tracking_number: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  /** When the purchase was confirmed, and by whom: the member, or automatically a week after delivery. */
  purchase_confirmed_at: string | null;
  purchase_confirmed_by: 'member' | 'auto' | null;
  /** While delivered and not confirmed: when it will be confirmed without the member. */
  purchase_auto_confirm_at: string | null;
  cancelled_at: string | null;
  created_at: string;
}

/**
 * A coupon's discount on an amount: a percent rounded down to the 원 and capped, or a fixed sum;
 * never more than the amount, nothing below the minimum order.
 */
export function couponDiscount(coupon: { kind: 'percent' | 'fixed'; value: number; max_discount: number | null; min_order_amount: number }, amount: number): number {
  if (amount <= 0 || amount < coupon.min_order_amount) return 0;
  const raw = coupon.kind === 'percent' ? Math.floor((amount * coupon.value) / 100) : coupon.value;
  return Math.min(raw, coupon.max_discount ?? raw, amount);
}

/**
 * A discount split over lines in proportion to their amounts, rounded down, the remainder going to
 * the largest lines first, so that the shares add up exactly and no share exceeds its line.
 */
export function splitDiscount(lineAmounts: number[], discount: number): number[] {
  const total = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  if (total === 0 || discount === 0) return lineAmounts.map(() => 0);
  const shares = lineAmounts.map((amount) => Math.floor((amount * discount) / total));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byAmount = lineAmounts.map((amount, index) => ({ amount, index })).sort((a, b) => b.amount - a.amount);
  for (const { index } of byAmount) {
    if (left === 0) break;
    if ((shares[index] ?? 0) < (lineAmounts[index] ?? 0)) {
      shares[index] = (shares[index] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}

/** Paid orders the member may still cancel (the service's rule): not shipped, not wholly refunded. */
const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'preparing', 'partially_refunded'];

export interface OrderActions {
  /** 주문 취소: the order is not paid yet. */
  cancelUnpaid: boolean;
  /** 결제 취소: everything still paid comes back, fees included. */
  cancelPaid: boolean;
  /** 이 상품 취소: the lines that can be refunded on their own. */
  cancellableItemIds: number[];
}

/**
 * The cancel buttons an order shows, mirroring the orders service: a pending order is cancelled, a
 * paid one not yet shipped is refunded whole or a line at a time, and a session that has begun
 * (`startedSessionIds`) is refunded neither way. One line left is the whole rest of the order,
 * so it is offered as 결제 취소 only.
 */
export function orderActions(order: Pick<OrderData, 'status' | 'items'>, startedSessionIds: ReadonlySet<number> = new Set()): OrderActions {
  const none: OrderActions = { cancelUnpaid: false, cancelPaid: false, cancellableItemIds: [] };
  if (order.status === 'pending') return { ...none, cancelUnpaid: true };
  if (!REFUNDABLE_STATUSES.includes(order.status)) return none;
  const paid = order.items.filter((item) => item.status === 'paid');
  const started = (item: OrderItemData) => item.ritual_session_id !== null && startedSessionIds.has(item.ritual_session_id);
  if (paid.length === 0 || paid.some(started)) {
    return { ...none, cancellableItemIds: paid.length > 1 ? paid.filter((item) => !started(item)).map((item) => item.id) : [] };
  }
  return { cancelUnpaid: false, cancelPaid: true, cancellableItemIds: paid.length > 1 ? paid.map((item) => item.id) : [] };
}

export const ORDER_ITEM_STATUS_LABELS: Record<OrderItemData['status'], string> = {
  pending: '결제 대기',
  paid: '결제 완료',
  cancelled: '취소',
  refunded: '환불 완료',
};

/** Whether the order ships anything (an order of ritual sessions only has no address). */
export const shipsGoods = (order: Pick<OrderData, 'items'>): boolean => order.items.some((item) => item.kind === 'product');

/** The parcel carriers the console ships with: what a member reads next to the tracking number. */
export const SHIPPING_CARRIERS = ['CJ대한통운', '우체국택배', '한진택배', '롯데택배', '로젠택배', '경동택배', 'CU 편의점택배', 'GS25 편의점택배'] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number];

/** A delivered order is confirmed on its own this long after its delivery (구매 확정), as Korean shops do. */
export const AUTO_CONFIRM_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;

export const autoConfirmAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + AUTO_CONFIRM_AFTER_DAYS * DAY_MS);

/** 구매 확정 is the member's to give once the parcel has arrived, and once. */
export const canConfirmPurchase = (order: Pick<OrderData, 'status'>): boolean => order.status === 'delivered';

export const MY_ORDERS_PATH = '/mypage/orders';
export const myOrderPath = (id: number): string => `${MY_ORDERS_PATH}/${id}`;
