import { apiTime } from '../../http/serialize.ts';
import { ORDER_STATUS_LABELS, autoConfirmAt } from '../../../lib/orders.ts';
import type { OrderData, OrderItemData, OwnOrderItemData } from '../../../lib/orders.ts';
import type { Order, OrderItem } from '../../db/schema/index.ts';
import type { ItemReviewState } from '../reviews/eligibility.ts';
import type { OrderView } from './service.ts';

const NOT_REVIEWABLE: ItemReviewState = { reviewId: null, canReview: false, opensAfter: null };

export const orderItemResource = (item: OrderItem, review: ItemReviewState = NOT_REVIEWABLE): OrderItemData => ({
  id: item.id,
  kind: item.kind,
  product_id: item.productId,
  product_option_id: item.productOptionId,
  ritual_session_id: item.ritualSessionId,
  name: item.name,
  option_name: item.optionName,
  unit_price: item.unitPrice,
  quantity: item.quantity,
  line_amount: item.lineAmount,
  discount_share: item.discountShare,
  refunded_amount: item.refundedAmount,
  status: item.status,
  review_id: review.reviewId,
  can_review: review.canReview,
  review_opens_after: review.opensAfter,
});

export const orderResource = ({ order, items, reviews }: OrderView): OrderData => ({
  id: order.id,
  order_number: order.orderNumber,
  title: order.title,
  status: order.status,
  status_label: ORDER_STATUS_LABELS[order.status],
  items: items.map((item) => orderItemResource(item, reviews?.get(item.id))),
  items_amount: order.itemsAmount,
  shipping_fee: order.shippingFee,
  isolated_fee: order.isolatedFee,
  discount_amount: order.discountAmount,
  amount: order.amount,
  refunded_amount: order.refundedAmount,
  coupon_user_id: order.couponUserId,
  recipient_name: order.recipientName,
  recipient_phone: order.recipientPhone,
  postal_code: order.postalCode,
  address: order.address,
  address_detail: order.addressDetail,
  memo: order.memo,
  shipping_carrier: order.shippingCarrier,
  tracking_number: order.trackingNumber,
  paid_at: apiTime(order.paidAt),
  shipped_at: apiTime(order.shippedAt),
  delivered_at: apiTime(order.deliveredAt),
  purchase_confirmed_at: apiTime(order.purchaseConfirmedAt),
  purchase_confirmed_by: order.purchaseConfirmedBy,
  purchase_auto_confirm_at: order.status === 'delivered' && order.deliveredAt ? apiTime(autoConfirmAt(order.deliveredAt)) : null,
  cancelled_at: apiTime(order.cancelledAt),
  created_at: apiTime(order.createdAt),
});

export const ownOrderItemResource = ({ item, order, review }: { item: OrderItem; order: Order; review: ItemReviewState }): OwnOrderItemData => ({
  ...orderItemResource(item, review),
  order_id: order.id,
  order_number: order.orderNumber,
  order_status: order.status,
});
