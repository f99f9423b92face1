import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, couponUsers, coupons, orderItems, orders, payments, tempCartItems } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '문 앞에 두세요' };

describe('an account deleted with orders (e-commerce records kept five years)', () => {
  it('keeps the shipped order with its recipient and address but not the phone or memo, cancels the unpaid one, drops carts and unused coupons', async () => {
    const user = await createMember(db(), { passwordHash: await hashPassword('Passw0rd!') });
    const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const client = createTestApp(db()).client();
    client.cookies.set('session', token);
    const { product } = await createProduct(db(), { price: 20_000, salePrice: 18_000, stock: 10 });
    const order = async () => {
      const [line] = await db().insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 1 }).returning();
      const res = await client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } });
      expect(res.status).toBe(201);
      return res.body.data as { id: number; order_number: string; amount: number };
    };
    const paid = await order();
    expect((await client.post('/api/orders/confirm', { json: { order_id: paid.order_number, payment_key: 'test_ok_deletion', amount: paid.amount } })).status).toBe(200);
    // On its way, so the deletion keeps serving it rather than refunding it.
    await db().update(orders).set({ status: 'shipping' }).where(eq(orders.id, paid.id));
    const unpaid = await order();
    await db().insert(tempCartItems).values({ userId: user.id, productId: product.id, quantity: 1 });
    const [coupon] = await db().insert(coupons).values({ code: `BYE${user.id}`, name: '작별 쿠폰', kind: 'fixed', value: 1000 }).returning();
    await db().insert(couponUsers).values({ couponId: coupon!.id, userId: user.id });

    const res = await client.post('/api/me', { json: { _method: 'DELETE', reason: '이사를 가요', password: 'Passw0rd!' } });
    expect(res.status).toBe(204);

    const [kept] = await db().select().from(orders).where(eq(orders.id, paid.id));
    expect(kept).toMatchObject({ status: 'shipping', userId: user.id, recipientName: '김리추', postalCode: '04524', address: '서울 중구 세종대로 110', recipientPhone: null, memo: null, amount: paid.amount });
    expect(await db().select().from(payments).where(eq(payments.orderId, paid.id))).toHaveLength(1);
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, unpaid.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', recipientName: null, recipientPhone: null, address: null, addressDetail: null, postalCode: null, memo: null });
    expect((await db().select().from(orderItems).where(eq(orderItems.orderId, unpaid.id))).map((item) => item.status)).toEqual(['cancelled']);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect(await db().select().from(tempCartItems).where(eq(tempCartItems.userId, user.id))).toEqual([]);
    expect(await db().select().from(couponUsers).where(eq(couponUsers.userId, user.id))).toEqual([]);
  });
});
