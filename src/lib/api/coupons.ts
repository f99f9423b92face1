import type { availableCouponResource, couponResource } from '../../server/modules/coupons/resource.ts';
import type { couponDiscountQuery, couponRegisterInput } from '../../server/modules/coupons/schema.ts';
import type { discountPrice } from '../../server/modules/coupons/service.ts';
import type { Answer, Body } from './body.ts';
import { clientFor } from './clients.ts';

/** The member's coupons this order may use, each with its discount on `amount`. */
export async function availableCoupons(amount: number, productIds: number[]): Promise<ReturnType<typeof availableCouponResource>[]> {
  const query = new URLSearchParams({ amount: String(amount) });
  for (const id of productIds) query.append('product_ids[]', String(id));
  const { data } = await clientFor().get<Answer<ReturnType<typeof availableCouponResource>[]>>(`/api/coupons/available?${query.toString()}`);
  return data;
}

export async function couponDiscount(query: Body<typeof couponDiscountQuery>): Promise<Awaited<ReturnType<typeof discountPrice>>> {
  const search = new URLSearchParams({ coupon_user_id: String(query.coupon_user_id), amount: String(query.amount) });
  const { data } = await clientFor().get<Answer<Awaited<ReturnType<typeof discountPrice>>>>(`/api/coupons/discount-price?${search.toString()}`);
  return data;
}

/** A coupon code registered to the member: the coupon it gave. */
export async function registerCoupon(input: Body<typeof couponRegisterInput>): Promise<ReturnType<typeof couponResource>> {
  const { data } = await clientFor().post<Answer<ReturnType<typeof couponResource>>>('/api/coupons/users', { ...input });
  return data;
}
