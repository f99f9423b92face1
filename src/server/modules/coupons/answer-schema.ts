import { z } from 'zod';
import { couponKinds, couponScopes } from '../../db/schema/orders.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { availableCouponResource, couponResource } from './resource.ts';

const won = z.int().min(0);

const couponFields = {
  id: z.int(),
  coupon_id: z.int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(couponKinds),
  value: z.int().min(1),
  max_discount: won.nullable(),
  min_order_amount: won,
  applies_to: z.enum(couponScopes),
  valid_from: apiTimeAnswer.nullable(),
  valid_until: apiTimeAnswer.nullable(),
  used_at: apiTimeAnswer.nullable(),
  created_at: apiTimeAnswer,
};

export const couponAnswer = z.strictObject(couponFields).meta({ id: 'Coupon' });

export type CouponAnswer = Conforms<ReturnType<typeof couponResource>, z.infer<typeof couponAnswer>>;

export const availableCouponAnswer = z.strictObject({ ...couponFields, discount: won }).meta({ id: 'AvailableCoupon' });

export type AvailableCouponAnswer = Conforms<ReturnType<typeof availableCouponResource>, z.infer<typeof availableCouponAnswer>>;

export const discountPriceAnswer = z.strictObject({ discount: won, final_price: won }).meta({ id: 'CouponDiscountPrice' });
