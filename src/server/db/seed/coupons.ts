import type { Db } from '../client.ts';
import { coupons } from '../schema/index.ts';

/** The welcome coupon of the demo: anyone may register it once by its code. */
export async function seedCoupons(db: Db): Promise<void> {
  await db.insert(coupons).values({
    code: 'WELCOME10',
    name: '첫 주문 10% 할인',
    kind: 'percent',
    value: 10,
    maxDiscount: 10000,
    minOrderAmount: 10000,
    appliesTo: 'all',
    perMemberLimit: 1,
  });
}
