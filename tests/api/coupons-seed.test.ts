import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { couponUsers, notifications, users } from '../../src/server/db/schema/index.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeAll(async () => {
  await seedDemoData(db(), { production: false });
});

describe('the demo coupons', () => {
  it('gives member1 가을 감사 쿠폰 with its notification, and leaves the codes to register', async () => {
    const [member1] = await db().select().from(users).where(eq(users.email, 'member1@example.com'));
    const wallet = await db().select().from(couponUsers).where(eq(couponUsers.userId, member1!.id));
    expect(wallet).toHaveLength(1);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member1!.id), eq(notifications.type, 'coupon')));
    expect(notice).toMatchObject({ sourceId: wallet[0]!.id, readAt: null, data: { title: '가을 감사 쿠폰', target: 'coupon', link: '/mypage/coupon' } });
    expect(await db().select().from(couponUsers)).toHaveLength(1);
  });
});
