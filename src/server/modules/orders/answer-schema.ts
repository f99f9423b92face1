import { z } from 'zod';
import { orderItemStatuses, orderStatuses, purchaseConfirmers } from '../../db/schema/orders.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { orderItemResource, orderResource, ownOrderItemResource } from './resource.ts';

const won = z.int().min(0);


const orderItemFields = {
  id: z.int(),
  kind: z.enum(['product', 'ritual_session']),
  product_id: z.int().nullable(),
  product_option_id: z.int().nullable(),
  ritual_session_id: z.int().nullable(),
  name: z.string(),
  option_name: z.string().nullable(),
  unit_price: won,
  quantity: z.int().min(1),
  line_amount: won,
  discount_share: won,
  refunded_amount: won,
  status: z.enum(orderItemStatuses),
  review_id: z.int().nullable(),
  can_review: z.boolean(),
  review_opens_after: z.enum(['delivery', 'session_end']).nullable(),
};

export const orderItemAnswer = z.strictObject(orderItemFields).meta({ id: 'OrderItem' });

export type OrderItemAnswer = Conforms<ReturnType<typeof orderItemResource>, z.infer<typeof orderItemAnswer>>;

export const ownOrderItemAnswer = z
  .strictObject({ ...orderItemFields, order_id: z.int(), order_number: z.string(), order_status: z.enum(orderStatuses) })
  .meta({ id: 'OwnOrderItem' });

export type OwnOrderItemAnswer = Conforms<ReturnType<typeof ownOrderItemResource>, z.infer<typeof ownOrderItemAnswer>>;

export const orderAnswer = z
  .strictObject({
    id: z.int(),
    order_number: z.string(),
    title: z.string(),
    status: z.enum(orderStatuses),
    status_label: z.string(),
    items: z.array(orderItemAnswer),
    items_amount: won,
    shipping_fee: won,
    isolated_fee: won,
    discount_amount: won,
    amount: won,
    refunded_amount: won,
    coupon_user_id: z.int().nullable(),
    recipient_name: z.string().nullable(),
    recipient_phone: z.string().nullable(),
    postal_code: z.string().nullable(),
    address: z.string().nullable(),
    address_detail: z.string().nullable(),
    memo: z.string().nullable(),
    shipping_carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    paid_at: apiTimeAnswer.nullable(),
    shipped_at: apiTimeAnswer.nullable(),
    delivered_at: apiTimeAnswer.nullable(),
    purchase_confirmed_at: apiTimeAnswer.nullable(),
    purchase_confirmed_by: z.enum(purchaseConfirmers).nullable(),
    purchase_auto_confirm_at: apiTimeAnswer.nullable(),
    cancelled_at: apiTimeAnswer.nullable(),
    created_at: apiTimeAnswer,
  })
  .meta({ id: 'Order' });

export type OrderAnswer = Conforms<ReturnType<typeof orderResource>, z.infer<typeof orderAnswer>>;
