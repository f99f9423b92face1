import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { coupons, users } from '../schema/index.ts';
import { giveCoupon } from '../../modules/coupons/service.ts';

/**
 * The demo's coupons: WELCOME10 and RITUAL5000, which anyone may register once by code, and 가을
 * 감사 쿠폰, given to member1 the way the operator console gives one, so their bell has it.
 */
export async function seedCoupons(db: Db): Promise<void> {
  const [, , autumn] = await db
    .insert(coupons)
    .values([
      { code: 'WELCOME10', name: '첫 주문 10% 할인', kind: 'percent', value: 10, maxDiscount: 10000, minOrderAmount: 10000, appliesTo: 'all', perMemberLimit: 1 },
      { code: 'RITUAL5000', name: '리추얼 신청 5,000원 할인', kind: 'fixed', value: 5000, minOrderAmount: 30000, appliesTo: 'rituals', perMemberLimit: 1 },
      { code: 'GIFT-AUTUMN-7Q2K', name: '가을 감사 쿠폰', kind: 'fixed', value: 3000, minOrderAmount: 20000, appliesTo: 'all', perMemberLimit: 1 },
    ])
    .returning({ id: coupons.id });
  const [member1] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'member1@example.com'));
  await giveCoupon(db, autumn!.id, [member1!.id]);
}
