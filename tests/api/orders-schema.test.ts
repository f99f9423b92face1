import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, orderItems, orders, users } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { createMember } from '../helpers/factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const orderValues = (userId: number, orderNumber: string) => ({
  orderNumber,
  userId,
  title: '명상 쿠션',
  itemsAmount: 20000,
  amount: 20000,
});

describe('the orders schema', () => {
  it('keeps an order and its items when the member is deleted, without the member', async () => {
    const member = await createMember(db());
    const [order] = await db().insert(orders).values(orderValues(member.id, 'ORD-KEEP-1')).returning();
    await db().insert(orderItems).values({ orderId: order!.id, kind: 'product', name: '명상 쿠션', unitPrice: 10000, quantity: 2, lineAmount: 20000 });
    await db().delete(users).where(eq(users.id, member.id));
    const [kept] = await db().select().from(orders).where(eq(orders.id, order!.id));
    expect(kept?.userId).toBeNull();
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toHaveLength(1);
  });

  it('refuses a second order with the same number and a line whose amount is not price times quantity', async () => {
    const member = await createMember(db());
    await db().insert(orders).values(orderValues(member.id, 'ORD-TWICE'));
    await expect(db().insert(orders).values(orderValues(member.id, 'ORD-TWICE'))).rejects.toThrow();
    const [order] = await db().insert(orders).values(orderValues(member.id, 'ORD-LINE')).returning();
    await expect(
      db().insert(orderItems).values({ orderId: order!.id, kind: 'product', name: '명상 쿠션', unitPrice: 10000, quantity: 2, lineAmount: 15000 }),
    ).rejects.toThrow();
  });

  it('treats coupon codes case-insensitively as one and refuses a percent over 100', async () => {
    await db().insert(coupons).values({ code: 'SPRING', name: '봄 할인', kind: 'fixed', value: 3000 });
    await expect(db().insert(coupons).values({ code: 'spring', name: '봄 할인', kind: 'fixed', value: 3000 })).rejects.toThrow();
    await expect(db().insert(coupons).values({ code: 'TOO-MUCH', name: '과한 할인', kind: 'percent', value: 120 })).rejects.toThrow();
  });

  it('seeds WELCOME10 with the demo data: 10 % with a maximum and a minimum order', async () => {
    await seedDemoData(db(), { production: false });
    const [welcome] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(welcome).toMatchObject({ kind: 'percent', value: 10, maxDiscount: 10000, minOrderAmount: 10000, appliesTo: 'all' });
  });
});
