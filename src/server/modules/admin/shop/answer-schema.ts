import { z } from 'zod';
import { couponKinds, couponScopes, orderStatuses, paymentStatuses } from '../../../db/schema/orders.ts';
import { productStatuses } from '../../../db/schema/store.ts';
import { apiTimeAnswer } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import { orderAnswer, orderItemAnswer } from '../../orders/answer-schema.ts';
import type { issueCoupon } from './coupon-issue.ts';
import type { couponRowResource } from './coupons.ts';
import type { adminOrderListResource, orderDetail } from './orders.ts';
import type { isolatedRegionRowResource, productOptionRowResource, productRowResource } from './products.ts';

// The console's own contract (react-admin): the rows as staff edit them.

const won = z.int().min(0);

export const adminProductAnswer = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    summary: z.string(),
    description_html: z.string(),
    theme_id: z.int().nullable(),
    price: won,
    sale_price: won,
    stock: z.int().min(0),
    status: z.enum(productStatuses),
    shipping_fee: won,
    free_shipping_over: won.nullable(),
    sales_count: z.int().min(0),
    created_at: apiTimeAnswer,
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'AdminProduct' });

export type AdminProductAnswer = Conforms<ReturnType<typeof productRowResource>, z.infer<typeof adminProductAnswer>>;

export const adminProductOptionAnswer = z
  .strictObject({ id: z.int(), product_id: z.int(), name: z.string(), extra_price: won, stock: z.int().min(0), sort_order: z.int() })
  .meta({ id: 'AdminProductOption' });

export type AdminProductOptionAnswer = Conforms<ReturnType<typeof productOptionRowResource>, z.infer<typeof adminProductOptionAnswer>>;

export const adminProductImageAnswer = z
  .strictObject({ id: z.int(), product_id: z.int(), url: z.string(), alt: z.string(), width: z.int().min(1), height: z.int().min(1), sort_order: z.int() })
  .meta({ id: 'AdminProductImage' });

export const adminIsolatedRegionAnswer = z
  .strictObject({ id: z.int(), region: z.string(), postal_code_from: z.string(), postal_code_to: z.string(), extra_fee: won })
  .meta({ id: 'AdminIsolatedRegion' });

export type AdminIsolatedRegionAnswer = Conforms<ReturnType<typeof isolatedRegionRowResource>, z.infer<typeof adminIsolatedRegionAnswer>>;

export const adminCouponAnswer = z
  .strictObject({
    id: z.int(),
    code: z.string(),
    name: z.string(),
    kind: z.enum(couponKinds),
    value: z.int().min(0),
    max_discount: won.nullable(),
    min_order_amount: won,
    valid_from: apiTimeAnswer.nullable(),
    valid_until: apiTimeAnswer.nullable(),
    applies_to: z.enum(couponScopes),
    total_limit: z.int().min(0).nullable(),
    per_member_limit: z.int().min(0),
    created_at: apiTimeAnswer,
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'AdminCoupon' });

export type AdminCouponAnswer = Conforms<ReturnType<typeof couponRowResource>, z.infer<typeof adminCouponAnswer>>;

export const adminCouponIssueAnswer = z
  .strictObject({ issued_user_ids: z.array(z.int()), skipped_user_ids: z.array(z.int()) })
  .meta({ id: 'AdminCouponIssue' });

export type AdminCouponIssueAnswer = Conforms<Awaited<ReturnType<typeof issueCoupon>>, z.infer<typeof adminCouponIssueAnswer>>;

export const adminOrderListItemAnswer = z
  .strictObject({
    id: z.int(),
    order_number: z.string(),
    title: z.string(),
    status: z.enum(orderStatuses),
    status_label: z.string(),
    amount: won,
    refunded_amount: won,
    // An order outlives its member's account: then there is no member to name.
    member_id: z.int().nullable(),
    member_email: z.string().nullable(),
    member_nickname: z.string().nullable(),
    recipient_name: z.string().nullable(),
    recipient_phone: z.string().nullable(),
    shipping_carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    created_at: apiTimeAnswer,
    paid_at: apiTimeAnswer.nullable(),
    shipped_at: apiTimeAnswer.nullable(),
  })
  .meta({ id: 'AdminOrderListItem' });

export type AdminOrderListItemAnswer = Conforms<ReturnType<typeof adminOrderListResource>, z.infer<typeof adminOrderListItemAnswer>>;

/** The member's own order, with what only the console sees: the member, the money trail and the steps open to it. */
export const adminOrderAnswer = z
  .strictObject({
    ...orderAnswer.shape,
    items: z.array(z.strictObject({ ...orderItemAnswer.shape, status_label: z.string() })),
    member: z.strictObject({ id: z.int(), email: z.string().nullable(), nickname: z.string().nullable() }).nullable(),
    payments: z.array(
      z.strictObject({ id: z.int(), provider: z.string(), payment_key: z.string(), amount: won, status: z.enum(paymentStatuses), created_at: apiTimeAnswer }),
    ),
    refunds: z.array(z.strictObject({ id: z.int(), order_item_id: z.int().nullable(), amount: won, reason: z.string(), created_at: apiTimeAnswer })),
    actions: z.strictObject({
      prepare: z.boolean(),
      ship: z.boolean(),
      deliver: z.boolean(),
      refund: z.boolean(),
      refundable_item_ids: z.array(z.int()),
    }),
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'AdminOrder' });

export type AdminOrderAnswer = Conforms<Awaited<ReturnType<typeof orderDetail>>, z.infer<typeof adminOrderAnswer>>;
