import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, orderItems, orders } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

let app: TestApp;

beforeEach(async () => {
  await db().delete(orders);
  await db().delete(cartItems);
  app = createTestApp(db(), {}, undefined, {}, undefined, createTestPaymentGateway());
});

async function member(): Promise<{ id: number; client: TestClient }> {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { id: user.id, client };
}

const ADDRESS = { recipient_name: '김리추', recipient_phone: '01012345678', postal_code: '04524', address: '서울 중구 세종대로 110' };

async function placeOrder(buyer: { id: number; client: TestClient }) {
  const { product } = await createProduct(db(), { stock: 10 });
  const [line] = await db().insert(cartItems).values({ userId: buyer.id, productId: product.id, quantity: 1 }).returning();
  return buyer.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } });
}

describe('order numbers', () => {
  it('are the Seoul day and six characters a person can read out, within the payment provider\'s rule; the older ORD- ones still work', async () => {
    const buyer = await member();
    const res = await placeOrder(buyer);
    expect(res.status).toBe(201);
    const number = res.body.data.order_number as string;
    expect(number).toMatch(/^\d{8}-[2-9A-HJKMNP-Z]{6}$/);
    expect(number).toMatch(/^[A-Za-z0-9_-]{6,64}$/);
    const seoulToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date()).replaceAll('-', '');
    expect(number.slice(0, 8)).toBe(seoulToday);
    const paid = await buyer.client.post('/api/orders/confirm', { json: { order_id: number, payment_key: 'test_ok_new', amount: res.body.data.amount } });
    expect(paid.body.data).toMatchObject({ order_number: number, status: 'paid' });

    // An order of the older form is still found by its number.
    const { product } = await createProduct(db(), { salePrice: 12_000, stock: 3 });
    const [order] = await db()
      .insert(orders)
      .values({ orderNumber: 'ORD-20261124-Xq3_vB9-kLmN', userId: buyer.id, title: product.title, itemsAmount: 12_000, amount: 12_000 })
      .returning();
    await db().insert(orderItems).values({ orderId: order!.id, kind: 'product', productId: product.id, name: product.title, unitPrice: 12_000, quantity: 1, lineAmount: 12_000 });
    const oldPaid = await buyer.client.post('/api/orders/confirm', { json: { order_id: 'ORD-20261124-Xq3_vB9-kLmN', payment_key: 'test_ok_old', amount: 12_000 } });
    expect(oldPaid.status).toBe(200);
    expect(oldPaid.body.data).toMatchObject({ order_number: 'ORD-20261124-Xq3_vB9-kLmN', status: 'paid' });
  });

  it('draw again when the number is taken, so two orders never share one', async () => {
    const first = await placeOrder(await member());
    const taken = first.body.data.order_number as string;
    // The next insert is given the taken number in the database itself, so the real unique index
    // refuses it. A sequence counts the attempts: a failed insert rolls back all else it did.
    await db().execute(sql`create sequence order_attempts`);
    await db().execute(
      sql.raw(`create function take_order_number() returns trigger language plpgsql as $$
        begin
          if nextval('order_attempts') = 1 then new.order_number := '${taken}'; end if;
          return new;
        end $$`),
    );
    await db().execute(sql`create trigger take_order_number before insert on orders for each row execute function take_order_number()`);
    const second = await placeOrder(await member());
    expect(second.status).toBe(201);
    expect(second.body.data.order_number).toMatch(/^\d{8}-[2-9A-HJKMNP-Z]{6}$/);
    expect(second.body.data.order_number).not.toBe(taken);
    const [row] = await db().select({ attempts: sql`(select last_value from order_attempts)`.mapWith(Number) }).from(orders).limit(1);
    expect(row?.attempts).toBe(2);
    expect(await db().select().from(orders)).toHaveLength(2);
  });
});
