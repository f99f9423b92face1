import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { couponUsers, coupons, notifications, orders } from '../../src/server/db/schema/index.ts';
import { giveCoupon } from '../../src/server/modules/coupons/service.ts';
import { createMember } from '../helpers/factories.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

beforeEach(async () => {
  await db().delete(notifications);
  await db().delete(couponUsers);
  await db().delete(coupons);
});

const newCoupon = async (values: Partial<typeof coupons.$inferInsert> = {}) =>
  (await db()
    .insert(coupons)
    .values({ code: `C${Math.random().toString(36).slice(2, 10)}`, name: '가을 감사 쿠폰', kind: 'fixed', value: 3000, minOrderAmount: 20_000, ...values })
    .returning())[0]!;

describe('GET /api/coupons/me', () => {
  it('splits the wallet into usable coupons and those used or expired, newest first, the member’s own only', async () => {
    const { client, user } = await signedInMember(db());
    const live = await newCoupon({ name: '지금 쓰는 쿠폰' });
    const later = await newCoupon({ name: '아직 유효한 쿠폰', validUntil: new Date(Date.now() + 86_400_000) });
    const old = await newCoupon({ name: '지난 쿠폰', validUntil: new Date('2020-01-01') });
    const spent = await newCoupon({ name: '쓴 쿠폰' });
    const [order] = await db().insert(orders).values({ orderNumber: 'ORD-TEST-1', userId: user.id, title: '노트', itemsAmount: 20_000, amount: 20_000, status: 'paid' }).returning();
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db().insert(couponUsers).values([
      { couponId: live.id, userId: user.id, createdAt: at(4) },
      { couponId: later.id, userId: user.id, createdAt: at(3) },
      { couponId: old.id, userId: user.id, createdAt: at(2) },
      { couponId: spent.id, userId: user.id, createdAt: at(1), usedOrderId: order!.id, usedAt: at(1) },
    ]);
    const { user: other } = await signedInMember(db());
    await db().insert(couponUsers).values({ couponId: live.id, userId: other.id });

    const available = await client.get('/api/coupons/me');
    expect(available.status).toBe(200);
    expect(available.headers.get('cache-control')).toBe('private, no-store');
    expect(available.body.data.map((coupon: { name: string }) => coupon.name)).toEqual(['아직 유효한 쿠폰', '지금 쓰는 쿠폰']);
    expect(available.body.data[1]).toMatchObject({ kind: 'fixed', value: 3000, min_order_amount: 20_000, applies_to: 'all', used_at: null });
    const used = await client.get('/api/coupons/me?state=used');
    expect(used.body.data.map((coupon: { name: string; used_at: string | null }) => [coupon.name, coupon.used_at !== null])).toEqual([
      ['쓴 쿠폰', true],
      ['지난 쿠폰', false],
    ]);
  });

  it('refuses a bad state in Korean, and guests', async () => {
    const { client } = await signedInMember(db());
    const res = await client.get('/api/coupons/me?state=all');
    expect(res.status).toBe(422);
    expect(res.body.errors.state).toEqual(['쿠폰 상태는 available 또는 used로 보내 주세요.']);
    expect((await guestClient(db()).get('/api/coupons/me')).status).toBe(401);
  });
});

describe('giveCoupon', () => {
  it('gives each member the coupon with a notification that opens /mypage/coupon', async () => {
    const coupon = await newCoupon();
    const { client, user } = await signedInMember(db());
    const second = await createMember(db());
    expect(await giveCoupon(db(), coupon.id, [user.id, second.id, user.id])).toEqual([user.id, second.id]);
    const wallets = await db().select().from(couponUsers).where(eq(couponUsers.couponId, coupon.id));
    expect(wallets.map((wallet) => wallet.userId).sort()).toEqual([user.id, second.id].sort());

    const list = await client.get('/api/notifications');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].data).toMatchObject({ title: '가을 감사 쿠폰', target: 'coupon', link: '/mypage/coupon', nickname: null });
    const mine = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(mine).toEqual([expect.objectContaining({ type: 'coupon', sourceType: 'coupon', sourceId: wallets.find((wallet) => wallet.userId === user.id)!.id, actorId: null })]);
    expect((await client.get('/api/coupons/me')).body.data).toMatchObject([{ coupon_id: coupon.id, name: '가을 감사 쿠폰' }]);
  });

  it('gives no one the coupon twice past the per-member limit, nor past the total', async () => {
    const coupon = await newCoupon({ totalLimit: 2 });
    const [a, b, c] = [await createMember(db()), await createMember(db()), await createMember(db())];
    expect(await giveCoupon(db(), coupon.id, [a.id])).toEqual([a.id]);
    expect(await giveCoupon(db(), coupon.id, [a.id])).toEqual([]);
    expect(await giveCoupon(db(), coupon.id, [a.id, b.id, c.id])).toEqual([b.id]);
    expect(await giveCoupon(db(), coupon.id, [c.id])).toEqual([]);
    expect(await db().select().from(couponUsers).where(eq(couponUsers.couponId, coupon.id))).toHaveLength(2);
    const notified = await db().select().from(notifications);
    expect(notified.map((row) => row.userId).sort()).toEqual([a.id, b.id].sort());

    const twice = await newCoupon({ perMemberLimit: 2 });
    expect(await giveCoupon(db(), twice.id, [c.id])).toEqual([c.id]);
    expect(await giveCoupon(db(), twice.id, [c.id])).toEqual([c.id]);
    expect(await giveCoupon(db(), twice.id, [c.id])).toEqual([]);
  });

  it('gives an unknown coupon to no one', async () => {
    const member = await createMember(db());
    await expect(giveCoupon(db(), 999_999, [member.id])).rejects.toMatchObject({ kind: 'not-found' });
    expect(await db().select().from(notifications)).toEqual([]);
  });
});
