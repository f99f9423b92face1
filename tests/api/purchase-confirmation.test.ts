import { eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, orders, products } from '../../src/server/db/schema/index.ts';
import { confirmDeliveredPurchases } from '../../src/server/modules/orders/purchase-confirmation.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
const DAY = 86_400_000;
const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '' };
const NOT_DELIVERED = '배송이 완료된 주문만 구매 확정할 수 있어요.';

let app: TestApp;

beforeEach(async () => {
  await db().delete(orders);
  await db().delete(cartItems);
  await db().delete(products);
  app = createTestApp(db());
});

async function memberClient(): Promise<{ id: number; client: TestClient }> {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { id: user.id, client };
}

async function paidOrder(member: { id: number; client: TestClient }): Promise<{ id: number; order_number: string }> {
  const { product } = await createProduct(db(), { stock: 5 });
  const [line] = await db().insert(cartItems).values({ userId: member.id, productId: product.id, quantity: 1 }).returning();
  const created = await member.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } });
  expect(created.status, created.text).toBe(201);
  const order = created.body.data as { id: number; order_number: string; amount: number };
  const paid = await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: `test_ok_${order.id}`, amount: order.amount } });
  expect(paid.status, paid.text).toBe(200);
  return order;
}

const confirm = (client: TestClient, orderId: number | string) => client.post(`/api/orders/${orderId}/purchase-confirmation`);

describe('POST /api/orders/{id}/purchase-confirmation', () => {
  it('confirms the member\'s delivered order once, not before delivery, and shows 구매 확정 in my orders and the console', async () => {
    const member = await memberClient();
    const order = await paidOrder(member);
    const { client: staff } = await signedInStaff(db());

    for (const step of ['paid', 'shipping'] as const) {
      if (step === 'shipping') expect((await staff.post(`/api/admin/orders/${order.id}/shipping`, { json: { shipping_carrier: 'CJ대한통운', tracking_number: '612345678901' } })).status).toBe(200);
      const early = await confirm(member.client, order.id);
      expect(early.status, step).toBe(422);
      expect(early.body.errors.order_id, step).toEqual([NOT_DELIVERED]);
    }
    expect((await staff.post(`/api/admin/orders/${order.id}/delivered`)).status).toBe(200);
    const waiting = await member.client.get(`/api/orders/me/${order.id}`);
    const deliveredAt = Date.parse(waiting.body.data.delivered_at);
    expect(waiting.body.data).toMatchObject({ status: 'delivered', purchase_confirmed_at: null, purchase_confirmed_by: null });
    expect(Date.parse(waiting.body.data.purchase_auto_confirm_at)).toBe(deliveredAt + 7 * DAY);

    const confirmed = await confirm(member.client, order.id);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data).toMatchObject({ id: order.id, status: 'purchase_confirmed', status_label: '구매 확정', purchase_confirmed_by: 'member', purchase_auto_confirm_at: null });
    const confirmedAt = confirmed.body.data.purchase_confirmed_at as string;
    expect(Date.parse(confirmedAt)).toBeGreaterThanOrEqual(deliveredAt);

    const again = await confirm(member.client, order.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'purchase_confirmed', purchase_confirmed_at: confirmedAt });
    // The job finds nothing left to confirm, a week on.
    expect(await confirmDeliveredPurchases(db(), { now: new Date(Date.now() + 8 * DAY) })).toBe(0);

    const mine = await member.client.get('/api/orders/me');
    expect(mine.body.data[0]).toMatchObject({ id: order.id, status: 'purchase_confirmed', status_label: '구매 확정' });
    const listed = await staff.get(`/api/admin/orders?q=${order.order_number}`);
    expect(listed.body.data).toMatchObject([{ id: order.id, status_label: '구매 확정' }]);
    const filtered = await staff.get('/api/admin/orders?status=purchase_confirmed');
    expect(filtered.body.data.map((row: { id: number }) => row.id)).toEqual([order.id]);
  });

  it('leaves nothing to cancel or refund once confirmed, for the member as for staff', async () => {
    const member = await memberClient();
    const order = await paidOrder(member);
    const { client: staff } = await signedInStaff(db());
    await staff.post(`/api/admin/orders/${order.id}/shipping`, { json: { shipping_carrier: 'CJ대한통운', tracking_number: '612345678901' } });
    await staff.post(`/api/admin/orders/${order.id}/delivered`);
    expect((await confirm(member.client, order.id)).status).toBe(200);

    const [line] = (await member.client.get(`/api/orders/me/${order.id}`)).body.data.items as { id: number }[];
    expect((await member.client.post(`/api/orders/${order.id}/paid`, { json: { _method: 'DELETE' } })).status).toBe(422);
    expect((await member.client.post(`/api/order-items/${line!.id}`, { json: { _method: 'DELETE' } })).status).toBe(422);
    const detail = await staff.get(`/api/admin/orders/${order.id}`);
    expect(detail.body.data).toMatchObject({ status: 'purchase_confirmed', actions: { prepare: false, ship: false, deliver: false, refund: false, refundable_item_ids: [] } });
    expect((await staff.post(`/api/admin/orders/${order.id}/refund`, { json: {} })).status).toBe(409);
    expect((await staff.post(`/api/admin/orders/${order.id}/delivered`)).status).toBe(409);
  });

  it('answers 401 to a guest, 404 for another member\'s order or none, and 422 for a cancelled one', async () => {
    const member = await memberClient();
    const order = await paidOrder(member);
    const { client: staff } = await signedInStaff(db());
    await staff.post(`/api/admin/orders/${order.id}/shipping`, { json: { shipping_carrier: 'CJ대한통운', tracking_number: '612345678901' } });
    await staff.post(`/api/admin/orders/${order.id}/delivered`);

    expect((await confirm(app.client(), order.id)).status).toBe(401);
    const stranger = await memberClient();
    const refused = await confirm(stranger.client, order.id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('주문을 찾을 수 없어요.');
    for (const id of ['999999', 'abc', '0']) expect((await confirm(member.client, id)).status, id).toBe(404);
    const [untouched] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(untouched).toMatchObject({ status: 'delivered', purchaseConfirmedAt: null });

    const { product } = await createProduct(db());
    const [line] = await db().insert(cartItems).values({ userId: member.id, productId: product.id, quantity: 1 }).returning();
    const pending = (await member.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } })).body.data as { id: number };
    expect((await member.client.post(`/api/orders/${pending.id}`, { json: { _method: 'DELETE' } })).status).toBe(200);
    const cancelled = await confirm(member.client, pending.id);
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.errors.order_id).toEqual(['취소하거나 환불한 주문은 구매 확정할 수 없어요.']);
  });
});

describe('the automatic purchase confirmation', () => {
  /** Orders of one member in the given states, delivered when told, written as the console leaves them. */
  async function ordersDelivered(deliveredAt: (Date | null)[], status: 'delivered' | 'shipping' = 'delivered'): Promise<number[]> {
    const member = await createMember(db());
    const rows = await db()
      .insert(orders)
      .values(
        deliveredAt.map((at, index) => ({
          orderNumber: `AUTO-${member.id}-${status}-${index}`,
          userId: member.id,
          title: '명상 쿠션',
          itemsAmount: 20_000,
          amount: 20_000,
          status: at ? status : ('shipping' as const),
          paidAt: new Date(Date.now() - 30 * DAY),
          deliveredAt: at,
        })),
      )
      .returning({ id: orders.id });
    return rows.map((row) => row.id);
  }

  const statesOf = async (ids: number[]) =>
    db()
      .select({ id: orders.id, status: orders.status, at: orders.purchaseConfirmedAt, by: orders.purchaseConfirmedBy })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);

  it('confirms an order 7 days after its delivery, not a minute before, and only once', async () => {
    const deliveredAt = new Date('2026-11-20T03:00:00Z');
    const [id] = await ordersDelivered([deliveredAt]);
    const [shipping] = await ordersDelivered([null]);
    const week = deliveredAt.getTime() + 7 * DAY;

    expect(await confirmDeliveredPurchases(db(), { now: new Date(week - 60_000) })).toBe(0);
    expect(await statesOf([id!, shipping!])).toEqual([
      { id, status: 'delivered', at: null, by: null },
      { id: shipping, status: 'shipping', at: null, by: null },
    ]);
    expect(await confirmDeliveredPurchases(db(), { now: new Date(week) })).toBe(1);
    expect(await confirmDeliveredPurchases(db(), { now: new Date(week + DAY) })).toBe(0);
    expect(await statesOf([id!, shipping!])).toEqual([
      { id, status: 'purchase_confirmed', at: new Date(week), by: 'auto' },
      { id: shipping, status: 'shipping', at: null, by: null },
    ]);
  });

  it('runs at once on two instances and confirms each due order exactly once, in batches', async () => {
    const { database, url } = testDb();
    const now = new Date('2026-12-01T00:00:00Z');
    const due = await ordersDelivered(Array.from({ length: 23 }, (_, index) => new Date(now.getTime() - 7 * DAY - index * 60_000)));
    const recent = await ordersDelivered([new Date(now.getTime() - 6 * DAY)]);
    // PostgreSQL: a second pool, as a second instance has; PGlite is one process's database.
    const other = url ? await openDatabase(url) : database;
    try {
      const runs = await Promise.all([
        confirmDeliveredPurchases(database.db, { now, batchSize: 3 }),
        confirmDeliveredPurchases(other.db, { now, batchSize: 4 }),
        confirmDeliveredPurchases(database.db, { now, batchSize: 5 }),
      ]);
      expect(runs.reduce((sum, count) => sum + count, 0)).toBe(23);
    } finally {
      if (other !== database) await other.close();
    }
    expect((await statesOf(due)).every((row) => row.status === 'purchase_confirmed' && row.by === 'auto')).toBe(true);
    expect(await statesOf(recent)).toEqual([{ id: recent[0], status: 'delivered', at: null, by: null }]);
  });

  it('leaves an order a stalled instance holds for the next run, which confirms it once', async (context) => {
    const { database, url, kind } = testDb();
    if (kind !== 'postgres' || !url) return context.skip();
    const now = new Date('2026-12-01T00:00:00Z');
    const ids = await ordersDelivered(Array.from({ length: 5 }, () => new Date(now.getTime() - 8 * DAY)));
    const stalled = await openDatabase(url);
    try {
      let release!: () => void;
      let claimed!: () => void;
      const holding = new Promise<void>((done) => (claimed = done));
      const killed = stalled.db
        .transaction(async (tx) => {
          await tx.execute(sql`select id from orders where id in (${sql.join(ids.slice(0, 2), sql`, `)}) for update`);
          claimed();
          await new Promise<void>((done) => (release = done));
          throw new Error('killed');
        })
        .catch(() => undefined);
      await holding;
      expect(await confirmDeliveredPurchases(database.db, { now, batchSize: 2 })).toBe(3);
      release();
      await killed;
      expect(await confirmDeliveredPurchases(database.db, { now, batchSize: 2 })).toBe(2);
      expect((await statesOf(ids)).map((row) => row.status)).toEqual(Array(5).fill('purchase_confirmed'));
    } finally {
      await stalled.close();
    }
  });
});
