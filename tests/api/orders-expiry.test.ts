import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import { cartItems, orderItems, orders, payments } from '../../src/server/db/schema/index.ts';
import { cleanUp } from '../../src/server/jobs/cleanup.ts';
import { PENDING_ORDER_TTL_MS } from '../../src/server/modules/orders/expiry.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const settings = { everyMs: 60_000, frontErrorRetentionDays: 30, frontErrorMaxRows: 10_000 };
const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층' };

async function pendingOrder(gateway = createTestPaymentGateway()) {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db(), {}, undefined, {}, undefined, gateway).client();
  client.cookies.set('session', token);
  const { product } = await createProduct(db(), { price: 35_000, salePrice: 30_000, stock: 3 });
  const [line] = await db().insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 1 }).returning();
  const res = await client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } });
  expect(res.status).toBe(201);
  return { client, order: res.body.data as { id: number; order_number: string; amount: number }, gateway };
}

const age = (id: number, ms: number) => db().update(orders).set({ createdAt: new Date(Date.now() - ms) }).where(eq(orders.id, id));

describe('orders left unpaid', () => {
  it('are cancelled after a day with their items, while a recent one waits', async () => {
    const stale = await pendingOrder();
    const recent = await pendingOrder();
    await age(stale.order.id, PENDING_ORDER_TTL_MS + 60_000);
    await age(recent.order.id, PENDING_ORDER_TTL_MS - 60_000);

    expect((await cleanUp(db(), settings)).pendingOrders).toBe(1);
    const rows = await db().select({ id: orders.id, status: orders.status, cancelledAt: orders.cancelledAt }).from(orders).where(inArray(orders.id, [stale.order.id, recent.order.id]));
    expect(rows.find((row) => row.id === stale.order.id)).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });
    expect(rows.find((row) => row.id === recent.order.id)).toMatchObject({ status: 'pending', cancelledAt: null });
    const items = await db().select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.orderId, stale.order.id));
    expect(items.map((item) => item.status)).toEqual(['cancelled']);
    expect((await cleanUp(db(), settings)).pendingOrders).toBe(0);
  });

  it('refuse a payment finished after they were given up, and nothing is charged', async () => {
    const { client, order, gateway } = await pendingOrder();
    await age(order.id, PENDING_ORDER_TTL_MS + 60_000);
    await cleanUp(db(), settings);
    const res = await client.post('/api/orders/confirm', { json: { order_id: order.order_number, payment_key: 'test_ok_late', amount: order.amount } });
    expect(res.status).toBe(422);
    expect(gateway.charges).toHaveLength(0);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(0);
  });
});

describe('an order cancelled while its payment is being confirmed', () => {
  it('gives the money back and says the order cannot be paid', async () => {
    const inner = createTestPaymentGateway();
    let orderId = 0;
    // The member (or the clean-up) cancels it just as the provider charges the card.
    const racing = {
      ...inner,
      async confirm(input: Parameters<typeof inner.confirm>[0]) {
        await db().update(orders).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, orderId));
        return inner.confirm(input);
      },
    };
    const { client, order } = await pendingOrder(racing);
    orderId = order.id;
    const res = await client.post('/api/orders/confirm', { json: { order_id: order.order_number, payment_key: 'test_ok_race', amount: order.amount } });
    expect(res.status).toBe(422);
    expect(res.body.errors.order_id).toEqual(['결제할 수 없는 주문이에요. 이미 취소되었는지 확인해 주세요.']);
    expect(inner.charges).toHaveLength(1);
    expect(inner.cancels).toEqual([expect.objectContaining({ paymentKey: 'test_ok_race', amount: order.amount })]);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('cancelled');
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', refundedAmount: order.amount });
  });
});
