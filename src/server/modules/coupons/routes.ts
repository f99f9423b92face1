import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { invalidInput } from '../../domain-errors.ts';
import { addressGroup, beginAttempt } from '../../http/attempt-limit.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { routeId } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { availableCouponResource, couponResource } from './resource.ts';
import { COUPON_MESSAGES, couponAvailableQuery, couponDiscountQuery, couponListQuery, couponRegisterInput } from './schema.ts';
import { availableCoupons, discountPrice, listOwnCoupons, registerCoupon, UnknownCouponCodeError } from './service.ts';

/**
 * Wrong codes only, per member and per address. A member copies a code from a mail or a banner and
 * mistypes it once or twice; ten misses in ten minutes, or thirty an hour from one address (a family
 * or an office behind it), is someone trying codes. Codes are words such as WELCOME10, so without a
 * limit a list of likely words would find them in minutes.
 */
const CODE_GUESSES = {
  member: { name: 'coupon-code', limit: 10, windowSeconds: 600 },
  address: { name: 'coupon-code-ip', limit: 30, windowSeconds: 3600 },
} as const;

export function couponRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post('/api/coupons/users', async (c) => {
      const user = requireMember(c);
      const { code } = validateBody(c, couponRegisterInput);
      const attempt = await beginAttempt(db, [
        { rule: CODE_GUESSES.member, key: String(user.id), message: COUPON_MESSAGES.tooManyGuesses },
        { rule: CODE_GUESSES.address, key: addressGroup(c.get('clientIp')), message: COUPON_MESSAGES.tooManyGuesses },
      ]);
      try {
        const view = await registerCoupon(db, user, code);
        await attempt.succeeded();
        return c.json({ data: couponResource(view) }, 201);
      } catch (error) {
        // An expired, exhausted or already held coupon was still a right code.
        if (!(error instanceof UnknownCouponCodeError)) await attempt.succeeded();
        throw error;
      }
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
