import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { COUPON_PAGE } from '../../../lib/notifications.ts';
import { couponDiscount } from '../../../lib/orders.ts';
import type { Db } from '../../db/client.ts';
import { couponUsers, coupons } from '../../db/schema/index.ts';
import type { Coupon, CouponUser, User } from '../../db/schema/index.ts';
import { InvalidInputError, invalidInput, notFound } from '../../domain-errors.ts';
import { notifyCoupons } from '../notifications/events.ts';
import { COUPON_MESSAGES } from './schema.ts';
import type { COUPON_STATES } from './schema.ts';

export interface CouponView {
  wallet: CouponUser;
  coupon: Coupon;
}

const isValidAt = (coupon: Coupon, now: Date): boolean => !(coupon.validFrom && coupon.validFrom > now) && !(coupon.validUntil && coupon.validUntil < now);

const discountOf = (coupon: Coupon, amount: number): number =>
  couponDiscount({ kind: coupon.kind, value: coupon.value, max_discount: coupon.maxDiscount, min_order_amount: coupon.minOrderAmount }, amount);

/** A code no coupon has: the one answer that counts as a guess. */
export class UnknownCouponCodeError extends InvalidInputError {
  constructor() {
    super({ code: [COUPON_MESSAGES.codeNotFound] });
  }
}

/**
 * POST /api/coupons/users: a code into the wallet. The coupon row is locked so that two members
 * taking the last of a limited coupon at once cannot both get it.
 */
export async function registerCoupon(db: Db, user: User, code: string, now = new Date()): Promise<CouponView> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(sql`upper(${coupons.code})`, code.toUpperCase())).for('update');
    if (!coupon) throw new UnknownCouponCodeError();
    if (!isValidAt(coupon, now)) throw invalidInput({ code: [COUPON_MESSAGES.expired] });
    const [counts] = await tx
      .select({ total: sql<number>`count(*)::int`, mine: sql<number>`(count(*) filter (where ${couponUsers.userId} = ${user.id}))::int` })
      .from(couponUsers)
      .where(eq(couponUsers.couponId, coupon.id));
    if ((counts?.mine ?? 0) >= coupon.perMemberLimit) throw invalidInput({ code: [COUPON_MESSAGES.alreadyRegistered] });
    if (coupon.totalLimit !== null && (counts?.total ?? 0) >= coupon.totalLimit) throw invalidInput({ code: [COUPON_MESSAGES.exhausted] });
    const [wallet] = await tx.insert(couponUsers).values({ couponId: coupon.id, userId: user.id }).returning();
    return { wallet: wallet!, coupon };
  });
}

async function unusedCoupons(db: Db, user: User): Promise<CouponView[]> {
  return db
    .select({ wallet: couponUsers, coupon: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(and(eq(couponUsers.userId, user.id), isNull(couponUsers.usedOrderId)))
    .orderBy(desc(couponUsers.createdAt), desc(couponUsers.id));
}

/**
 * GET /api/coupons/available: the member's unused coupons valid now that the amount reaches. With
 * product ids the order has products (a rituals-only coupon does not apply); without, it is a session.
 */
export async function availableCoupons(db: Db, user: User, amount: number, hasProducts: boolean, now = new Date()): Promise<(CouponView & { discount: number })[]> {
  const scope = hasProducts ? 'products' : 'rituals';
  return (await unusedCoupons(db, user))
    .filter(({ coupon }) => isValidAt(coupon, now) && (coupon.appliesTo === 'all' || coupon.appliesTo === scope))
    .map((view) => ({ ...view, discount: discountOf(view.coupon, amount) }))
    .filter((view) => view.discount > 0);
}

/** GET /api/coupons/discount-price: what one of the member's coupons takes off an amount. */
export async function discountPrice(db: Db, user: User, couponUserId: number, amount: number, now = new Date()): Promise<{ discount: number; final_price: number }> {
  const [view] = await db
    .select({ wallet: couponUsers, coupon: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(and(eq(couponUsers.id, couponUserId), eq(couponUsers.userId, user.id)));
  if (!view) throw notFound(COUPON_MESSAGES.couponUserId);
  const discount = view.wallet.usedOrderId === null && isValidAt(view.coupon, now) ? discountOf(view.coupon, amount) : 0;
  return { discount, final_price: amount - discount };
}

/**
 * GET /api/coupons/me: the wallet, newest first, down the (user_id, created_at) index. `used` holds
 * what can no longer be used: used on an order, or past its validity.
 */
export async function listOwnCoupons(db: Db, user: User, state: (typeof COUPON_STATES)[number], now = new Date()): Promise<CouponView[]> {
  const spent = or(isNotNull(couponUsers.usedOrderId), lt(coupons.validUntil, now));
  return db
    .select({ wallet: couponUsers, coupon: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(and(eq(couponUsers.userId, user.id), state === 'used' ? spent : and(isNull(couponUsers.usedOrderId), or(isNull(coupons.validUntil), sql`${coupons.validUntil} >= ${now}`))))
    .orderBy(desc(couponUsers.createdAt), desc(couponUsers.id));
}

/**
 * A coupon given to members (the operator console's 쿠폰 지급): a wallet entry and a notification
 * each, in one transaction with the coupon row locked, so that the total and per-member limits hold
 * against registrations by code at the same moment. Members who reached their limit are skipped;
 * when the total runs out, the earlier ids in the list get it. Answers who received it.
 */
export async function giveCoupon(db: Db, couponId: number, userIds: number[], now = new Date()): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return [];
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [coupon] = await txDb.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!coupon) throw notFound(COUPON_MESSAGES.couponUserId);
    const held = await txDb
      .select({ userId: couponUsers.userId, count: sql<number>`count(*)::int` })
      .from(couponUsers)
      .where(and(eq(couponUsers.couponId, coupon.id), inArray(couponUsers.userId, wanted)))
      .groupBy(couponUsers.userId);
    const heldBy = new Map(held.map((row) => [row.userId, row.count]));
    let receivers = wanted.filter((userId) => (heldBy.get(userId) ?? 0) < coupon.perMemberLimit);
    if (coupon.totalLimit !== null) {
      const [issued] = await txDb.select({ total: sql<number>`count(*)::int` }).from(couponUsers).where(eq(couponUsers.couponId, coupon.id));
      receivers = receivers.slice(0, Math.max(0, coupon.totalLimit - (issued?.total ?? 0)));
    }
    if (receivers.length === 0) return [];
    const wallets = await txDb
      .insert(couponUsers)
      .values(receivers.map((userId) => ({ couponId: coupon.id, userId, createdAt: now })))
      .returning({ id: couponUsers.id, userId: couponUsers.userId });
    await notifyCoupons(
      txDb,
      wallets.map((wallet) => ({ userId: wallet.userId, couponId: wallet.id, name: coupon.name, link: COUPON_PAGE })),
    );
    return wallets.map((wallet) => wallet.userId);
  });
}
