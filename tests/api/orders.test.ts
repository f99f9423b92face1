import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway, createTossGateway } from '../../src/server/adapters/payments/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import {
  cartItems,
  couponUsers,
  coupons,
  orderItems,
  orders,
  payments,
  productOptions,
  products,
  refunds,
  ritualSessionUsers,
  tempCartItems,
} from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import type { FakeToss } from '../helpers/toss-server.ts';
import { TOSS_SECRET, startFakeToss } from '../helpers/toss-server.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

let gateway = createTestPaymentGateway();
let app: TestApp;

beforeEach(async () => {
  await db().delete(orders);
  await db().delete(couponUsers);
  await db().delete(coupons);
  await db().delete(tempCartItems);
  await db().delete(cartItems);
  await db().delete(products);
  gateway = createTestPaymentGateway();
  app = createTestApp(db(), {}, undefined, {}, undefined, gateway);
});

async function memberOf(target: TestApp = app): Promise<{ id: number; client: TestClient }> {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = target.client();
  client.cookies.set('session', token);
  return { id: user.id, client };
}

const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '문 앞에 두세요' };

async function cartLine(userId: number, productId: number, quantity: number, productOptionId: number | null = null): Promise<number> {
  const [line] = await db().insert(cartItems).values({ userId, productId, productOptionId, quantity }).returning();
  return line!.id;
}

describe('POST /api/orders', () => {
  it('computes every amount on the server, ignoring prices the client sends', async () => {
    const member = await memberOf();
    const { product, options } = await createProduct(db(), { salePrice: 12_000 }, [{ name: '큰 병', extraPrice: 3000, stock: 5 }]);
    const line = await cartLine(member.id, product.id, 2, options[0]!.id);
    const res = await member.client.post('/api/orders', { json: { cart_item_ids: [line], ...ADDRESS, amount: 10, items_amount: 10, unit_price: 1 } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      status_label: '결제 대기',
      items_amount: 30_000,
      shipping_fee: 0,
      isolated_fee: 0,
      discount_amount: 0,
      amount: 30_000,
      items: [{ name: product.title, option_name: '큰 병', unit_price: 15_000, quantity: 2, line_amount: 30_000 }],
    });
    expect(res.body.data.order_number).toMatch(/^\d{8}-[2-9A-HJKMNP-Z]{6}$/);
  });

  it('adds the shipping fee below the free amount and the 도서산간 fee for a Jeju address, and splits a coupon', async () => {
    const member = await memberOf();
    const [coupon] = await db().insert(coupons).values({ code: 'WELCOME10', name: '첫 주문 10% 할인', kind: 'percent', value: 10, maxDiscount: 10_000, minOrderAmount: 10_000 }).returning();
    const [wallet] = await db().insert(couponUsers).values({ couponId: coupon!.id, userId: member.id }).returning();
    const { product: a } = await createProduct(db(), { salePrice: 12_000 });
    const { product: b } = await createProduct(db(), { title: '머그', salePrice: 6_000 });
    const lines = [await cartLine(member.id, a.id, 1), await cartLine(member.id, b.id, 1)];
    const res = await member.client.post('/api/orders', { json: { cart_item_ids: lines, coupon_user_id: wallet!.id, ...ADDRESS, postal_code: '63100' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ items_amount: 18_000, shipping_fee: 3000, isolated_fee: 3000, discount_amount: 1800, amount: 22_200 });
    expect(res.body.data.items.map((item: { discount_share: number }) => item.discount_share)).toEqual([1200, 600]);
  });

  it('refuses bad postal codes, missing addresses, sold-out, hidden and short lines in Korean, storing nothing', async () => {
    const member = await memberOf();
    const { product } = await createProduct(db(), { stock: 5 });
    const line = await cartLine(member.id, product.id, 2);
    const post = (json: Record<string, unknown>) => member.client.post('/api/orders', { json });
    const badPostal = await post({ cart_item_ids: [line], ...ADDRESS, postal_code: '1234' });
    expect(badPostal.status).toBe(422);
    expect(badPostal.body.errors.postal_code).toEqual(['우편번호는 숫자 다섯 자리로 입력해 주세요.']);
    const noAddress = await post({ cart_item_ids: [line] });
    expect(noAddress.status).toBe(422);
    expect(Object.keys(noAddress.body.errors).sort()).toEqual(['address', 'postal_code', 'recipient_name', 'recipient_phone']);
    await db().update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const short = await post({ cart_item_ids: [line], ...ADDRESS });
    expect(short.status).toBe(422);
    expect(short.body.errors.items[0]).toMatch(/재고가 1개 남았어요/);
    await db().update(products).set({ status: 'sold_out' }).where(eq(products.id, product.id));
    expect((await post({ cart_item_ids: [line], ...ADDRESS })).body.errors.items[0]).toMatch(/품절/);
    await db().update(products).set({ status: 'hidden' }).where(eq(products.id, product.id));
    expect((await post({ cart_item_ids: [line], ...ADDRESS })).body.errors.items[0]).toMatch(/더 이상 판매하지 않아요/);
    const other = await memberOf();
    expect((await other.client.post('/api/orders', { json: { cart_item_ids: [line], ...ADDRESS } })).status).toBe(422);
    expect((await post({ coupon_user_id: 'abc', cart_item_ids: [line], ...ADDRESS })).body.errors.coupon_user_id).toEqual(['쿠폰을 찾을 수 없어요.']);
    expect(await db().select().from(orders)).toHaveLength(0);
    expect((await app.client().post('/api/orders', { json: { cart_item_ids: [line], ...ADDRESS } })).status).toBe(401);
  });

  it('orders a ritual session from the temp cart without an address', async () => {
    const member = await memberOf();
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000), price: 35_000, capacity: 3 });
    await db().insert(tempCartItems).values({ userId: member.id, ritualSessionId: session.id });
    const res = await member.client.post('/api/orders', { json: { from_temp_cart: true } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 35_000, shipping_fee: 0, recipient_name: null, items: [{ kind: 'ritual_session', ritual_session_id: session.id }] });
  });
});

async function pendingOrder(member: { id: number; client: TestClient }, productId: number, quantity = 1) {
  const line = await cartLine(member.id, productId, quantity);
  const res = await member.client.post('/api/orders', { json: { cart_item_ids: [line], ...ADDRESS } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; order_number: string; amount: number };
}

describe('POST /api/orders/confirm', () => {
  it('pays, takes the stock, empties the cart line; a second confirm charges nothing', async () => {
    const member = await memberOf();
    const { product } = await createProduct(db(), { stock: 5 });
    const order = await pendingOrder(member, product.id, 2);
    const confirm = () => member.client.post('/api/orders/confirm', { json: { order_id: order.order_number, payment_key: 'test_ok_1', amount: order.amount } });
    const res = await confirm();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'paid', status_label: '결제 완료' });
    expect((await confirm()).status).toBe(200);
    expect(gateway.charges).toHaveLength(1);
    const [after] = await db().select().from(products).where(eq(products.id, product.id));
    expect(after).toMatchObject({ stock: 3, salesCount: 2 });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, member.id))).toHaveLength(0);
  });

  it('takes each option and product once for lines that share them, and answers as the order reads afterwards', async () => {
    const member = await memberOf();
    const { product: withOptions, options } = await createProduct(db(), { stock: 50 }, [
      { name: '작은 병', stock: 5 },
      { name: '큰 병', stock: 5 },
    ]);
    const { product: plain } = await createProduct(db(), { stock: 10 });
    const lines = [await cartLine(member.id, withOptions.id, 2, options[0]!.id), await cartLine(member.id, withOptions.id, 1, options[1]!.id), await cartLine(member.id, plain.id, 3)];
    const order = (await member.client.post('/api/orders', { json: { cart_item_ids: lines, ...ADDRESS } })).body.data as { id: number; order_number: string; amount: number };
    const res = await member.client.post('/api/orders/confirm', { json: { order_id: order.order_number, payment_key: 'test_ok_lines', amount: order.amount } });
    expect(res.status).toBe(200);
    // A product's review opens once it is delivered.
    expect(res.body.data.items.map((item: { status: string; can_review: boolean; review_opens_after: string | null }) => [item.status, item.can_review, item.review_opens_after])).toEqual(
      Array(3).fill(['paid', false, 'delivery']),
    );
    expect((await member.client.get(`/api/orders/me/${order.id}`)).body.data).toEqual(res.body.data);
    const stocks = await db().select({ id: productOptions.id, stock: productOptions.stock }).from(productOptions).where(eq(productOptions.productId, withOptions.id));
    expect(stocks.sort((a, b) => a.id - b.id).map((row) => row.stock)).toEqual([3, 4]);
    const [optionsProduct] = await db().select().from(products).where(eq(products.id, withOptions.id));
    expect(optionsProduct).toMatchObject({ stock: 50, salesCount: 3 });
    const [plainAfter] = await db().select().from(products).where(eq(products.id, plain.id));
    expect(plainAfter).toMatchObject({ stock: 7, salesCount: 3 });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, member.id))).toHaveLength(0);
  });

  it('answers a paid session as the order reads afterwards: a seat taken, no review before it ends', async () => {
    const member = await memberOf();
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000), price: 35_000, capacity: 3 });
    await db().insert(tempCartItems).values({ userId: member.id, ritualSessionId: session.id });
    const order = (await member.client.post('/api/orders', { json: { from_temp_cart: true } })).body.data as { id: number; amount: number };
    const res = await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: 'test_ok_seat', amount: order.amount } });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toMatchObject([{ status: 'paid', can_review: false, review_id: null }]);
    expect((await member.client.get(`/api/orders/me/${order.id}`)).body.data).toEqual(res.body.data);
    expect(await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.userId, member.id))).toHaveLength(1);
    expect(await db().select().from(tempCartItems).where(eq(tempCartItems.userId, member.id))).toHaveLength(0);
  });

  it('refuses a wrong amount, leaves a declined order pending, hides other members\' orders and refuses guests', async () => {
    const member = await memberOf();
    const { product } = await createProduct(db());
    const order = await pendingOrder(member, product.id);
    const post = (client: TestClient, json: Record<string, unknown>) => client.post('/api/orders/confirm', { json });
    const wrong = await post(member.client, { order_id: order.id, payment_key: 'test_ok_1', amount: order.amount - 1 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.amount[0]).toMatch(/주문 금액과 달라요/);
    const declined = await post(member.client, { order_id: order.id, payment_key: 'test_fail_1', amount: order.amount });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.payment_key[0]).toMatch(/거절/);
    expect(gateway.charges).toHaveLength(0);
    const other = await memberOf();
    expect((await post(other.client, { order_id: order.id, payment_key: 'test_ok_1', amount: order.amount })).status).toBe(404);
    expect((await post(app.client(), { order_id: order.id, payment_key: 'test_ok_1', amount: order.amount })).status).toBe(401);
    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe('pending');
    expect(await db().select().from(payments)).toHaveLength(0);
  });

  it('charges once for 100 concurrent confirms of one order', async () => {
    const member = await memberOf();
    const { product } = await createProduct(db(), { stock: 5 });
    const order = await pendingOrder(member, product.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: 'test_ok_race', amount: order.amount } })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect(gateway.charges).toHaveLength(1);
    expect(await db().select().from(payments)).toHaveLength(1);
    const [after] = await db().select().from(products).where(eq(products.id, product.id));
    expect(after?.stock).toBe(4);
  });

  it('sells the last item once to 20 members paying at once and refunds the others', async () => {
    const { product, options } = await createProduct(db(), {}, [{ name: '하나', stock: 1 }]);
    const members = await Promise.all(Array.from({ length: 20 }, () => memberOf()));
    const created = await Promise.all(
      members.map(async (member) => {
        const line = await cartLine(member.id, product.id, 1, options[0]!.id);
        return (await member.client.post('/api/orders', { json: { cart_item_ids: [line], ...ADDRESS } })).body.data as { id: number; amount: number };
      }),
    );
    const answers = await Promise.all(
      members.map((member, index) => member.client.post('/api/orders/confirm', { json: { order_id: created[index]!.id, payment_key: `test_ok_${index}`, amount: created[index]!.amount } })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body.message).toMatch(/재고나 정원이 소진되어/);
    const [option] = await db().select().from(productOptions).where(eq(productOptions.id, options[0]!.id));
    expect(option?.stock).toBe(0);
    expect(gateway.charges).toHaveLength(20);
    expect(gateway.cancels).toHaveLength(19);
    expect(await db().select().from(refunds)).toHaveLength(19);
    expect((await db().select().from(orders).where(eq(orders.status, 'cancelled'))).length).toBe(19);
  });

  it('gives the last seat of a session to one of 20 members, making them a member', async () => {
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000), price: 35_000, capacity: 1 });
    const members = await Promise.all(Array.from({ length: 20 }, () => memberOf()));
    const created = await Promise.all(
      members.map(async (member) => {
        await db().insert(tempCartItems).values({ userId: member.id, ritualSessionId: session.id });
        return (await member.client.post('/api/orders', { json: { from_temp_cart: true } })).body.data as { id: number; amount: number };
      }),
    );
    const answers = await Promise.all(
      members.map((member, index) => member.client.post('/api/orders/confirm', { json: { order_id: created[index]!.id, payment_key: `test_ok_${index}`, amount: created[index]!.amount } })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(19);
    const seated = await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.ritualSessionId, session.id));
    expect(seated).toHaveLength(1);
    expect(seated[0]?.role).toBe('member');
    expect(gateway.cancels).toHaveLength(19);
  });

  it('lets one of two orders using one coupon be paid at once', async () => {
    const member = await memberOf();
    const [coupon] = await db().insert(coupons).values({ code: 'ONCE', name: '한 번 할인', kind: 'fixed', value: 1000 }).returning();
    const [wallet] = await db().insert(couponUsers).values({ couponId: coupon!.id, userId: member.id }).returning();
    const { product } = await createProduct(db(), { stock: 10 });
    const make = async () => {
      const line = await cartLine(member.id, product.id, 1);
      const res = await member.client.post('/api/orders', { json: { cart_item_ids: [line], coupon_user_id: wallet!.id, ...ADDRESS } });
      await db().delete(cartItems).where(eq(cartItems.id, line));
      return res.body.data as { id: number; amount: number };
    };
    const first = await make();
    const second = await make();
    const answers = await Promise.all(
      [first, second].map((order, index) => member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: `test_ok_c${index}`, amount: order.amount } })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const [used] = await db().select().from(couponUsers).where(eq(couponUsers.id, wallet!.id));
    expect([first.id, second.id]).toContain(used?.usedOrderId);
    const [after] = await db().select().from(products).where(eq(products.id, product.id));
    expect(after?.stock).toBe(9);
  });
});

describe('confirming through Toss when it times out', () => {
  let toss: FakeToss;
  beforeAll(async () => {
    toss = await startFakeToss();
  });
  afterAll(async () => {
    await toss.close();
  });

  it('leaves nothing half done: the order pending, no stock taken, then paid once on retry', async () => {
    const tossApp = createTestApp(db(), {}, undefined, {}, undefined, createTossGateway({ baseUrl: toss.baseUrl, secretKey: TOSS_SECRET, timeoutMs: 200 }));
    const member = await memberOf(tossApp);
    const { product } = await createProduct(db(), { stock: 2 });
    const order = await pendingOrder(member, product.id);
    toss.delayMs = 1000;
    const timedOut = await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: 'pk_toss_1', amount: order.amount } });
    expect(timedOut.status).toBe(503);
    expect(timedOut.body.message).toMatch(/결제사와 연결되지 않아/);
    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe('pending');
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0]?.stock).toBe(2);
    expect(await db().select().from(payments)).toHaveLength(0);
    toss.delayMs = 0;
    const retried = await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: 'pk_toss_1', amount: order.amount } });
    expect(retried.status).toBe(200);
    expect(toss.charged.size).toBe(1);
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, order.id))).toMatchObject([{ status: 'paid' }]);
  });
});

describe('GET /api/orders/me', () => {
  it("lists and shows the member's own orders and items only, newest first", async () => {
    const member = await memberOf();
    const { product } = await createProduct(db(), { stock: 5 });
    const first = await pendingOrder(member, product.id);
    await db().delete(cartItems);
    const second = await pendingOrder(member, product.id);
    const list = await member.client.get('/api/orders/me');
    expect(list.status).toBe(200);
    expect(list.body.data.map((order: { id: number }) => order.id)).toEqual([second.id, first.id]);
    expect(list.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    const shown = await member.client.get(`/api/orders/me/${first.id}`);
    expect(shown.body.data).toMatchObject({ id: first.id, status_label: '결제 대기', address: ADDRESS.address });
    const itemId = shown.body.data.items[0].id as number;
    expect((await member.client.get(`/api/order-items/me/${itemId}`)).body.data).toMatchObject({ id: itemId, order_id: first.id, order_status: 'pending' });
    const other = await memberOf();
    expect((await other.client.get('/api/orders/me')).body.data).toEqual([]);
    expect((await other.client.get(`/api/orders/me/${first.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/order-items/me/${itemId}`)).status).toBe(404);
    expect((await member.client.get('/api/orders/me/abc')).status).toBe(404);
    expect((await app.client().get('/api/orders/me')).status).toBe(401);
    expect((await app.client().get(`/api/orders/me/${first.id}`)).status).toBe(401);
  });
});

describe('cancelling and refunding', () => {
  async function paidOrder(member: { id: number; client: TestClient }, lines: { productId: number; quantity: number }[], couponUserId?: number) {
    const ids = [];
    for (const line of lines) ids.push(await cartLine(member.id, line.productId, line.quantity));
    const created = await member.client.post('/api/orders', { json: { cart_item_ids: ids, ...ADDRESS, ...(couponUserId ? { coupon_user_id: couponUserId } : {}) } });
    expect(created.status).toBe(201);
    const order = created.body.data as { id: number; amount: number; items: { id: number }[] };
    expect((await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: 'test_ok_refund', amount: order.amount } })).status).toBe(200);
    return order;
  }
  const stockOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]?.stock;

  it('cancels an unpaid order only, and only the owner', async () => {
    const member = await memberOf();
    const { product } = await createProduct(db());
    const order = await pendingOrder(member, product.id);
    const other = await memberOf();
    expect((await other.client.post(`/api/orders/${order.id}`, { json: { _method: 'DELETE' } })).status).toBe(404);
    expect((await app.client().post(`/api/orders/${order.id}`, { json: { _method: 'DELETE' } })).status).toBe(401);
    const res = await member.client.post(`/api/orders/${order.id}`, { json: { _method: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', status_label: '주문 취소' });
    const again = await member.client.post(`/api/orders/${order.id}`, { json: { _method: 'DELETE' } });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/결제 대기 중인 주문만/);
  });

  it('refunds one item\'s paid share, then the rest with the shipping, giving back stock and the coupon', async () => {
    const member = await memberOf();
    const [coupon] = await db().insert(coupons).values({ code: 'FIX', name: '3천원 할인', kind: 'fixed', value: 3000 }).returning();
    const [wallet] = await db().insert(couponUsers).values({ couponId: coupon!.id, userId: member.id }).returning();
    const { product: a } = await createProduct(db(), { salePrice: 10_000, stock: 5 });
    const { product: b } = await createProduct(db(), { title: '머그', salePrice: 5_000, stock: 5 });
    const order = await paidOrder(member, [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 1 }], wallet!.id);
    expect(order.amount).toBe(15_000 + 3000 - 3000);
    const [first] = order.items;
    const other = await memberOf();
    expect((await other.client.post(`/api/order-items/${first!.id}`, { json: { _method: 'DELETE' } })).status).toBe(404);
    const partial = await member.client.post(`/api/order-items/${first!.id}`, { json: { _method: 'DELETE' } });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ status: 'partially_refunded', status_label: '부분 환불', refunded_amount: 8000 });
    expect(await stockOf(a.id)).toBe(5);
    expect(gateway.cancels.map((cancel) => cancel.amount)).toEqual([8000]);
    expect((await member.client.post(`/api/order-items/${first!.id}`, { json: { _method: 'DELETE' } })).status).toBe(422);
    const rest = await member.client.post(`/api/orders/${order.id}/paid`, { json: { _method: 'DELETE' } });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: 'refunded', refunded_amount: 15_000 });
    expect(gateway.cancels.map((cancel) => cancel.amount)).toEqual([8000, 7000]);
    expect(await stockOf(b.id)).toBe(5);
    const [back] = await db().select().from(couponUsers).where(eq(couponUsers.id, wallet!.id));
    expect(back?.usedOrderId).toBeNull();
    expect((await db().select().from(refunds).where(eq(refunds.orderId, order.id))).map((refund) => refund.amount)).toEqual([8000, 7000]);
    expect((await member.client.post(`/api/orders/${order.id}/paid`, { json: { _method: 'DELETE' } })).status).toBe(422);
  });

  it('refunds a session seat before it starts, removing the member', async () => {
    const member = await memberOf();
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000), price: 35_000 });
    await db().insert(tempCartItems).values({ userId: member.id, ritualSessionId: session.id });
    const order = (await member.client.post('/api/orders', { json: { from_temp_cart: true } })).body.data as { id: number; amount: number };
    expect((await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: 'test_ok_s', amount: order.amount } })).status).toBe(200);
    expect(await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.userId, member.id))).toHaveLength(1);
    const res = await member.client.post(`/api/orders/${order.id}/paid`, { json: { _method: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.userId, member.id))).toHaveLength(0);
  });
});
