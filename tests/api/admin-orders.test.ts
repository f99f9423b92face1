import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { TestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { auditLogs, cartItems, orders, products, refunds, ritualSessionUsers, tempCartItems } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

let gateway: TestPaymentGateway;
let app: TestApp;

beforeEach(async () => {
  await db().delete(orders);
  await db().delete(tempCartItems);
  await db().delete(cartItems);
  await db().delete(products);
  await db().delete(auditLogs);
  gateway = createTestPaymentGateway();
  app = createTestApp(db(), {}, undefined, {}, undefined, gateway);
});

const ADDRESS = { recipient_name: '김배송', recipient_phone: '010-2345-6789', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '경비실에 맡겨 주세요' };

interface PlacedOrder {
  id: number;
  order_number: string;
  amount: number;
  items: { id: number; line_amount: number; discount_share: number }[];
}

async function memberClient(overrides: Parameters<typeof createMember>[1] = {}) {
  const user = await createMember(db(), overrides);
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { user, client };
}

/** Staff past the second factor, on this file's app (its payment adapter records the refunds). */
async function staffClient() {
  const staff = await signedInStaff(db());
  const client = app.client();
  client.cookies.set('session', staff.client.cookies.get('session')!);
  return { user: staff.user, client };
}

async function paidProductOrder(member: { user: { id: number }; client: TestClient }, lines: { productId: number; quantity: number }[]): Promise<PlacedOrder> {
  const ids: number[] = [];
  for (const line of lines) {
    const [row] = await db().insert(cartItems).values({ userId: member.user.id, productId: line.productId, quantity: line.quantity }).returning();
    ids.push(row!.id);
  }
  const created = await member.client.post('/api/orders', { json: { cart_item_ids: ids, ...ADDRESS } });
  expect(created.status).toBe(201);
  const order = created.body.data as PlacedOrder;
  const paid = await member.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: `test_ok_${order.id}`, amount: order.amount } });
  expect(paid.status).toBe(200);
  return order;
}

const auditOf = (orderId: number) => db().select().from(auditLogs).where(eq(auditLogs.modelId, orderId)).orderBy(auditLogs.id);

describe('the console takes an order from payment to the door', () => {
  it('prepares, ships and delivers in order, audits each step, and the member reads the carrier and tracking number', async () => {
    const member = await memberClient();
    const { product } = await createProduct(db(), { stock: 5 });
    const order = await paidProductOrder(member, [{ productId: product.id, quantity: 1 }]);
    const { user: staff, client } = await staffClient();

    const detail = await client.get(`/api/admin/orders/${order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      status: 'paid',
      status_label: '결제 완료',
      recipient_name: '김배송',
      address: '서울 중구 세종대로 110',
      member: { id: member.user.id, email: member.user.email, nickname: member.user.nickname },
      payments: [{ provider: 'test', amount: order.amount, status: 'confirmed' }],
      refunds: [],
      actions: { prepare: true, ship: true, deliver: false, refund: true },
    });
    expect(detail.body.data.items[0]).toMatchObject({ status: 'paid', status_label: '결제 완료' });

    const early = await client.post(`/api/admin/orders/${order.id}/delivered`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('배송 중인 주문만 배송 완료로 바꿀 수 있어요.');

    const preparing = await client.post(`/api/admin/orders/${order.id}/preparing`);
    expect(preparing.status).toBe(200);
    expect(preparing.body.data).toMatchObject({ status: 'preparing', status_label: '상품 준비 중' });
    const again = await client.post(`/api/admin/orders/${order.id}/preparing`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('결제 완료된 주문만 상품 준비 중으로 바꿀 수 있어요.');

    const bad = await client.post(`/api/admin/orders/${order.id}/shipping`, { json: { shipping_carrier: '아무택배', tracking_number: '12-34' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.shipping_carrier[0]).toContain('CJ대한통운');
    expect(bad.body.errors.tracking_number).toEqual(['운송장 번호는 숫자와 영문 8~20자로 입력해 주세요.']);
    const missing = await client.post(`/api/admin/orders/${order.id}/shipping`, { json: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['shipping_carrier', 'tracking_number']);

    const shipped = await client.post(`/api/admin/orders/${order.id}/shipping`, { json: { shipping_carrier: 'CJ대한통운', tracking_number: ' 6123-4567-8901 ' } });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data).toMatchObject({ status: 'shipping', shipping_carrier: 'CJ대한통운', tracking_number: '612345678901', actions: { deliver: true, refund: false } });
    expect(shipped.body.data.shipped_at).toEqual(expect.any(String));

    const seen = await member.client.get(`/api/orders/me/${order.id}`);
    expect(seen.body.data).toMatchObject({ status: 'shipping', status_label: '배송 중', shipping_carrier: 'CJ대한통운', tracking_number: '612345678901', shipped_at: shipped.body.data.shipped_at, delivered_at: null });

    expect((await client.post(`/api/admin/orders/${order.id}/shipping`, { json: { shipping_carrier: '한진택배', tracking_number: '123456789012' } })).status).toBe(409);
    const lateRefund = await client.post(`/api/admin/orders/${order.id}/refund`);
    expect(lateRefund.status).toBe(409);
    expect(lateRefund.body.message).toBe('배송을 시작하기 전의 결제 완료 주문만 취소할 수 있어요.');
    expect(gateway.cancels).toHaveLength(0);

    const delivered = await client.post(`/api/admin/orders/${order.id}/delivered`);
    expect(delivered.status).toBe(200);
    expect(delivered.body.data).toMatchObject({ status: 'delivered', status_label: '배송 완료', actions: { prepare: false, ship: false, deliver: false, refund: false } });
    expect((await member.client.get(`/api/orders/me/${order.id}`)).body.data.delivered_at).toBe(delivered.body.data.delivered_at);

    const trail = await auditOf(order.id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['prepare', 'order', staff.id],
      ['ship', 'order', staff.id],
      ['deliver', 'order', staff.id],
    ]);
    expect(trail[0]!.before).toMatchObject({ status: 'paid' });
    expect(trail[0]!.after).toMatchObject({ status: 'preparing' });
    expect(trail[1]!.before).toMatchObject({ status: 'preparing', tracking_number: null });
    expect(trail[1]!.after).toMatchObject({ status: 'shipping', shipping_carrier: 'CJ대한통운', tracking_number: '612345678901' });
    expect(trail[2]!.after).toMatchObject({ status: 'delivered' });
    // The log keeps the row's own time (milliseconds); the API writes it with six fraction digits.
    expect(Date.parse(String(trail[2]!.after?.['delivered_at']))).toBe(Date.parse(delivered.body.data.delivered_at));
    // The recipient's address and phone stay out of the append-only log.
    expect(JSON.stringify(trail)).not.toMatch(/세종대로|01023456789/);
  });

  it('ships straight from paid, and refuses orders that are not paid or ship nothing', async () => {
    const member = await memberClient();
    const { client } = await staffClient();
    const { product } = await createProduct(db());
    const [line] = await db().insert(cartItems).values({ userId: member.user.id, productId: product.id, quantity: 1 }).returning();
    const pending = (await member.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } })).body.data as PlacedOrder;
    const notPaid = await client.post(`/api/admin/orders/${pending.id}/shipping`, { json: { shipping_carrier: '우체국택배', tracking_number: '1234567890123' } });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('결제 완료 또는 상품 준비 중인 주문만 발송 처리할 수 있어요.');
    expect((await client.post(`/api/admin/orders/${pending.id}/preparing`)).status).toBe(409);
    expect((await client.post(`/api/admin/orders/${pending.id}/refund`)).status).toBe(409);

    // The pending order still holds its cart line: the paid one buys another product.
    const { product: other } = await createProduct(db(), { title: '머그' });
    const paid = await paidProductOrder(member, [{ productId: other.id, quantity: 1 }]);
    const shipped = await client.post(`/api/admin/orders/${paid.id}/shipping`, { json: { shipping_carrier: '우체국택배', tracking_number: '1234567890123' } });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.status).toBe('shipping');

    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000), price: 30_000 });
    await db().insert(tempCartItems).values({ userId: member.user.id, ritualSessionId: session.id });
    const seat = (await member.client.post('/api/orders', { json: { from_temp_cart: true } })).body.data as PlacedOrder;
    expect((await member.client.post('/api/orders/confirm', { json: { order_id: seat.id, payment_key: 'test_ok_seat', amount: seat.amount } })).status).toBe(200);
    const seatDetail = await client.get(`/api/admin/orders/${seat.id}`);
    expect(seatDetail.body.data.actions).toMatchObject({ prepare: false, ship: false, deliver: false, refund: true });
    for (const step of ['preparing', 'shipping'] as const) {
      const refused = await client.post(`/api/admin/orders/${seat.id}/${step}`, { json: { shipping_carrier: '로젠택배', tracking_number: '98765432100' } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('배송할 상품이 없는 주문이에요. 리추얼 신청만 남은 주문은 배송 처리할 수 없어요.');
    }
    const [untouched] = await db().select().from(orders).where(eq(orders.id, seat.id));
    expect(untouched).toMatchObject({ status: 'paid', trackingNumber: null, shippedAt: null });

    expect((await client.get('/api/admin/orders/999999')).status).toBe(404);
    expect((await client.post('/api/admin/orders/abc/preparing')).status).toBe(404);
    expect((await client.post('/api/admin/orders/999999/preparing')).status).toBe(404);
    expect(await auditOf(seat.id)).toHaveLength(0);
    expect(await auditOf(pending.id)).toHaveLength(0);
  });
});

describe('refunds from the console', () => {
  it('refunds one item, then the rest, through the payment adapter, recorded and audited', async () => {
    const member = await memberClient();
    const { user: staff, client } = await staffClient();
    const { product: a } = await createProduct(db(), { salePrice: 10_000, stock: 5, shippingFee: 3000, freeShippingOver: null });
    const { product: b } = await createProduct(db(), { title: '머그', salePrice: 5_000, stock: 5, shippingFee: 3000, freeShippingOver: null });
    const order = await paidProductOrder(member, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ]);
    expect(order.amount).toBe(10_000 + 10_000 + 3000);
    expect((await client.post(`/api/admin/orders/${order.id}/preparing`)).status).toBe(200);

    const detail = await client.get(`/api/admin/orders/${order.id}`);
    expect(detail.body.data.actions).toMatchObject({ refund: true, refundable_item_ids: order.items.map((item) => item.id) });

    const badItem = await client.post(`/api/admin/orders/${order.id}/refund`, { json: { order_item_id: 'first' } });
    expect(badItem.status).toBe(422);
    expect(badItem.body.errors.order_item_id).toEqual(['환불할 주문 상품을 찾을 수 없어요.']);
    const longReason = await client.post(`/api/admin/orders/${order.id}/refund`, { json: { reason: '가'.repeat(101) } });
    expect(longReason.status).toBe(422);
    expect(longReason.body.errors.reason).toEqual(['환불 사유는 100자 이내로 입력해 주세요.']);
    expect((await client.post(`/api/admin/orders/${order.id}/refund`, { json: { order_item_id: 999999 } })).status).toBe(404);

    const first = order.items[0]!;
    const partial = await client.post(`/api/admin/orders/${order.id}/refund`, { json: { order_item_id: first.id, reason: '파손 상품 교환 불가' } });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ status: 'partially_refunded', refunded_amount: 10_000, refunds: [{ order_item_id: first.id, amount: 10_000, reason: '파손 상품 교환 불가' }] });
    expect(partial.body.data.items[0]).toMatchObject({ status: 'refunded', status_label: '환불 완료' });
    expect(gateway.cancels).toEqual([expect.objectContaining({ paymentKey: `test_ok_${order.id}`, amount: 10_000, reason: '파손 상품 교환 불가' })]);
    const again = await client.post(`/api/admin/orders/${order.id}/refund`, { json: { order_item_id: first.id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('이미 취소했거나 환불할 수 없는 상품이에요.');

    const rest = await client.post(`/api/admin/orders/${order.id}/refund`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: 'refunded', refunded_amount: order.amount, payments: [{ status: 'cancelled' }] });
    expect(gateway.cancels.map((cancel) => [cancel.amount, cancel.reason])).toEqual([
      [10_000, '파손 상품 교환 불가'],
      [13_000, '판매자 전체 취소'],
    ]);
    const stored = await db().select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(refunds.id);
    expect(stored.map((refund) => [refund.orderItemId, refund.amount, refund.reason])).toEqual([
      [first.id, 10_000, '파손 상품 교환 불가'],
      [null, 13_000, '판매자 전체 취소'],
    ]);
    expect((await db().select().from(products).where(eq(products.id, b.id)))[0]?.stock).toBe(5);
    const seen = await member.client.get(`/api/orders/me/${order.id}`);
    expect(seen.body.data).toMatchObject({ status: 'refunded', status_label: '환불 완료', refunded_amount: order.amount });

    const final = await client.post(`/api/admin/orders/${order.id}/refund`);
    expect(final.status).toBe(409);
    expect(gateway.cancels).toHaveLength(2);

    const trail = await auditOf(order.id);
    expect(trail.map((row) => [row.action, row.actorId])).toEqual([
      ['prepare', staff.id],
      ['refund_item', staff.id],
      ['refund', staff.id],
    ]);
    expect(trail[1]!.before).toMatchObject({ status: 'preparing', refunded_amount: 0 });
    expect(trail[1]!.after).toMatchObject({ status: 'partially_refunded', refunded_amount: 10_000, order_item_id: first.id });
    expect(trail[2]!.after).toMatchObject({ status: 'refunded', refunded_amount: order.amount });
  });

  it('gives a session seat back when staff refund it before the start', async () => {
    const member = await memberClient();
    const { client } = await staffClient();
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 3 * 86_400_000), price: 20_000 });
    await db().insert(tempCartItems).values({ userId: member.user.id, ritualSessionId: session.id });
    const seat = (await member.client.post('/api/orders', { json: { from_temp_cart: true } })).body.data as PlacedOrder;
    expect((await member.client.post('/api/orders/confirm', { json: { order_id: seat.id, payment_key: 'test_ok_seat', amount: seat.amount } })).status).toBe(200);
    const refunded = await client.post(`/api/admin/orders/${seat.id}/refund`, { json: { reason: '기수 일정 변경' } });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data.status).toBe('refunded');
    expect(gateway.cancels.map((cancel) => cancel.amount)).toEqual([20_000]);
    expect(await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.userId, member.user.id))).toHaveLength(0);
  });
});

describe('GET /api/admin/orders', () => {
  it('finds orders by number, member, recipient and phone, filters by status, newest first with page meta', async () => {
    const { client } = await staffClient();
    const alice = await memberClient({ nickname: '앨리스주문' });
    const bob = await memberClient();
    const { product } = await createProduct(db(), { stock: 50 });
    const first = await paidProductOrder(alice, [{ productId: product.id, quantity: 1 }]);
    const second = await paidProductOrder(bob, [{ productId: product.id, quantity: 1 }]);
    await db().update(orders).set({ recipientName: '박수령', createdAt: new Date(Date.now() + 1000) }).where(eq(orders.id, second.id));
    expect((await client.post(`/api/admin/orders/${second.id}/preparing`)).status).toBe(200);

    const all = await client.get('/api/admin/orders?per_page=1');
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(all.body.data[0]).toMatchObject({ id: second.id, order_number: second.order_number, status: 'preparing', status_label: '상품 준비 중', member_email: bob.user.email, amount: second.amount });

    const ids = (query: string) => client.get(`/api/admin/orders?${query}`).then((res) => res.body.data.map((row: { id: number }) => row.id));
    expect(await ids(`q=${encodeURIComponent(first.order_number)}`)).toEqual([first.id]);
    expect(await ids(`q=${encodeURIComponent(alice.user.email.toUpperCase())}`)).toEqual([first.id]);
    expect(await ids(`q=${encodeURIComponent('앨리스')}`)).toEqual([first.id]);
    expect(await ids(`q=${encodeURIComponent('박수령')}`)).toEqual([second.id]);
    expect(await ids(`q=${encodeURIComponent('010-2345')}`)).toEqual([second.id, first.id]);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('status=paid')).toEqual([first.id]);
    expect(await ids('status=preparing')).toEqual([second.id]);
    expect(await ids('sort=created_at&order=asc')).toEqual([first.id, second.id]);
    expect(await ids(`ids=${first.id}`)).toEqual([first.id]);

    const badStatus = await client.get('/api/admin/orders?status=lost');
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors.status).toEqual(['주문 상태를 목록에서 골라 주세요.']);
    expect((await client.get('/api/admin/orders?sort=recipient_phone')).status).toBe(422);
  });
});
