import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { ritualSessions } from './ritual-sessions.ts';
import { productOptions, products } from './store.ts';
import { users } from './users.ts';

export const orderStatuses = ['pending', 'paid', 'preparing', 'shipping', 'delivered', 'purchase_confirmed', 'cancelled', 'refunded', 'partially_refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Who confirmed a delivered order's purchase: its member, or the job a week after delivery. */
export const purchaseConfirmers = ['member', 'auto'] as const;
export type PurchaseConfirmer = (typeof purchaseConfirmers)[number];

/** An item's own state: an item refunded alone moves its order to `partially_refunded`. */
export const orderItemStatuses = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderItemStatus = (typeof orderItemStatuses)[number];

export const couponKinds = ['percent', 'fixed'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const couponScopes = ['all', 'products', 'rituals'] as const;
export type CouponScope = (typeof couponScopes)[number];

/**
 * A coupon definition, registered by `code` or given by an admin. `max_discount` caps a percent
 * coupon; `total_limit` and `per_member_limit` count wallet entries (null: unlimited).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: couponKinds }).notNull(),
    value: integer('value').notNull(),
    maxDiscount: integer('max_discount'),
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
    appliesTo: text('applies_to', { enum: couponScopes }).notNull().default('all'),
    totalLimit: integer('total_limit'),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`upper(${t.code})`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('coupons_limits_check', sql`${t.minOrderAmount} >= 0 and (${t.maxDiscount} is null or ${t.maxDiscount} > 0) and (${t.totalLimit} is null or ${t.totalLimit} > 0) and ${t.perMemberLimit} > 0`),
  ],
);

/**
 * A member's order, kept five years with its items and payments (e-commerce law). Deleting an
 * account anonymises the user row and keeps it, so `user_id` stays; it is set null only if the row
 * itself is ever removed. The recipient fields are nullable: session-only orders ship nothing, and
 * whatever of them the law does not require can be cleared without touching the amounts.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // The payment provider's order id: unguessable, so the browser can hold it.
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    // The order's title for the payment window ("명상 쿠션 외 2건").
    title: text('title').notNull(),
    itemsAmount: integer('items_amount').notNull(),
    shippingFee: integer('shipping_fee').notNull().default(0),
    isolatedFee: integer('isolated_fee').notNull().default(0),
    discountAmount: integer('discount_amount').notNull().default(0),
    amount: integer('amount').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    recipientName: text('recipient_name'),
    recipientPhone: text('recipient_phone'),
    postalCode: text('postal_code'),
    address: text('address'),
    addressDetail: text('address_detail'),
    memo: text('memo'),
    couponUserId: integer('coupon_user_id').references((): AnyPgColumn => couponUsers.id, { onDelete: 'set null' }),
    // Which cart lines the order came from, emptied when it is paid (none for the temp cart).
    cartItemIds: jsonb('cart_item_ids').$type<number[]>().notNull().default([]),
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    purchaseConfirmedAt: timestamptz('purchase_confirmed_at'),
    purchaseConfirmedBy: text('purchase_confirmed_by', { enum: purchaseConfirmers }),
    paidAt: timestamptz('paid_at'),
    cancelledAt: timestamptz('cancelled_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_number_idx').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The console's order queue by status (paid → preparing → shipping).
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The automatic purchase confirmation's queue: delivered orders, oldest delivery first.
    index('orders_awaiting_confirmation_idx').on(t.deliveredAt, t.id).where(sql`${t.status} = 'delivered'`),
    check(
      'orders_amounts_check',
      sql`${t.itemsAmount} >= 0 and ${t.shippingFee} >= 0 and ${t.isolatedFee} >= 0 and ${t.discountAmount} >= 0 and ${t.amount} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * A line of an order: a product (with its option) or a ritual session. The name and prices are
 * snapshots so the record stays true when the product changes or is deleted. `discount_share` is
 * this line's part of the coupon discount: a partial refund gives back `line_amount - discount_share`.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productOptionId: integer('product_option_id').references(() => productOptions.id, { onDelete: 'set null' }),
    ritualSessionId: integer('ritual_session_id').references(() => ritualSessions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['product', 'ritual_session'] }).notNull(),
    name: text('name').notNull(),
    optionName: text('option_name'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineAmount: integer('line_amount').notNull(),
    discountShare: integer('discount_share').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    status: text('status', { enum: orderItemStatuses }).notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.id),
    check('order_items_amounts_check', sql`${t.quantity} >= 1 and ${t.unitPrice} >= 0 and ${t.lineAmount} = ${t.unitPrice} * ${t.quantity} and ${t.discountShare} between 0 and ${t.lineAmount} and ${t.refundedAmount} >= 0`),
  ],
);

export const paymentStatuses = ['confirmed', 'declined', 'cancelled', 'partially_cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * A provider's answer to a confirm. The unique idempotency key (the order number) is what makes a
 * second confirm of the same order find the first instead of charging again.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    paymentKey: text('payment_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    raw: jsonb('raw').$type<unknown>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey), index('payments_order_idx').on(t.orderId)],
);

/** Money given back, whole order (`order_item_id` null) or one line, with the provider's answer. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    raw: jsonb('raw').$type<unknown>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), check('refunds_amount_check', sql`${t.amount} > 0`)],
);

/**
 * A coupon in a member's wallet. `used_order_id` is set when an order using it is paid: at most one
 * paid order per entry, enforced by the confirm's row lock on this row.
 */
export const couponUsers = pgTable(
  'coupon_users',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedOrderId: integer('used_order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('coupon_users_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index('coupon_users_coupon_idx').on(t.couponId, t.userId)],
);

export type Coupon = typeof coupons.$inferSelect;
export type CouponUser = typeof couponUsers.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
