import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { invalidInput } from '../../domain-errors.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { routeId } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { availableCouponResource, couponResource } from './resource.ts';
import { COUPON_MESSAGES, couponAvailableQuery, couponDiscountQuery, couponListQuery, couponRegisterInput } from './schema.ts';
import { availableCoupons, discountPrice, listOwnCoupons, registerCoupon } from './service.ts';

export function couponRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post('/api/coupons/users', async (c) => {
      const user = requireMember(c);
      const { code } = validateBody(c, couponRegisterInput);
      return c.json({ data: couponResource(await registerCoupon(db, user, code)) }, 201);
    })
    .get('/api/coupons/me', async (c) => {
      const user = requireMember(c);
      const { state } = validateQuery(c, couponListQuery);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: (await listOwnCoupons(db, user, state)).map(couponResource) });
    })
    .get('/api/coupons/available', async (c) => {
      const user = requireMember(c);
      const { amount } = validateQuery(c, couponAvailableQuery);
      const productIds = [...c.req.queries('product_ids[]') ?? [], ...c.req.queries('product_ids') ?? []];
      if (productIds.some((id) => routeId(id) === null)) throw invalidInput({ product_ids: [COUPON_MESSAGES.productIds] });
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: (await availableCoupons(db, user, amount, productIds.length > 0)).map(availableCouponResource) });
    })
    .get('/api/coupons/discount-price', async (c) => {
      const user = requireMember(c);
      const query = validateQuery(c, couponDiscountQuery);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: await discountPrice(db, user, query.coupon_user_id, query.amount) });
    });
}
