import { z } from 'zod';
import type { cartSummary } from '../../../lib/store.ts';
import { productStatuses } from '../../db/schema/store.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { reviewSummaryAnswer } from '../reviews/answer-schema.ts';
import type { cartLineResource, productDetailResource, productItemResource, tempCartItemResource } from './resource.ts';

const won = z.int().min(0);

const productImageAnswer = z.strictObject({ url: z.string(), alt: z.string(), width: z.int(), height: z.int() });

const shippingRuleAnswer = z.strictObject({ fee: won, free_over: won.nullable() });

const productItemFields = {
  id: z.int(),
  title: z.string(),
  summary: z.string(),
  price: won,
  sale_price: won,
  discount_rate: z.int().min(0).max(100),
  stock: z.int().min(0),
  status: z.enum(productStatuses),
  is_sold_out: z.boolean(),
  options: z.array(
    z.strictObject({ id: z.int(), name: z.string(), extra_price: won, stock: z.int().min(0), is_sold_out: z.boolean() }),
  ),
  images: z.array(productImageAnswer),
  theme: z.strictObject({ id: z.int(), name: z.string() }).nullable(),
  badges: z.array(z.strictObject({ id: z.int(), name: z.string(), text_color: z.string(), background_color: z.string() })),
  shipping: shippingRuleAnswer,
  review_summary: reviewSummaryAnswer,
  created_at: apiTimeAnswer,
};

export const productItemAnswer = z.strictObject(productItemFields).meta({ id: 'ProductItem' });

export type ProductItemAnswer = Conforms<ReturnType<typeof productItemResource>, z.infer<typeof productItemAnswer>>;

export const productDetailAnswer = z.strictObject({ ...productItemFields, description_html: z.string() }).meta({ id: 'ProductDetail' });

export type ProductDetailAnswer = Conforms<ReturnType<typeof productDetailResource>, z.infer<typeof productDetailAnswer>>;

export const cartLineAnswer = z
  .strictObject({
    id: z.int(),
    product: z.strictObject({ id: z.int(), title: z.string(), image: productImageAnswer.nullable() }),
    option: z.strictObject({ id: z.int(), name: z.string() }).nullable(),
    quantity: z.int().min(1),
    unit_price: won,
    line_total: won,
    stock: z.int().min(0),
    is_selected: z.boolean(),
    problem: z.enum(['sold_out', 'stock_short']).nullable(),
    shipping: shippingRuleAnswer,
  })
  .meta({ id: 'CartLine' });

export type CartLineAnswer = Conforms<ReturnType<typeof cartLineResource>, z.infer<typeof cartLineAnswer>>;

export const cartSummaryAnswer = z
  .strictObject({
    items_amount: won,
    shipping_fee: won,
    free_shipping_over: won.nullable(),
    missing_for_free_shipping: won,
    amount: won,
    orderable_count: z.int().min(0),
  })
  .meta({ id: 'CartSummary' });

export type CartSummaryAnswer = Conforms<ReturnType<typeof cartSummary>, z.infer<typeof cartSummaryAnswer>>;

export const tempCartItemAnswer = z
  .strictObject({
    id: z.int(),
    product_id: z.int().nullable(),
    product_option_id: z.int().nullable(),
    ritual_session_id: z.int().nullable(),
    quantity: z.int().min(1),
  })
  .meta({ id: 'TempCartItem' });

export type TempCartItemAnswer = Conforms<ReturnType<typeof tempCartItemResource>, z.infer<typeof tempCartItemAnswer>>;
