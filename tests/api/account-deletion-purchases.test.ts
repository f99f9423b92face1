import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, PaymentUnavailableError, createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { CancelInput, TestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, orderItems, orders, payments, refunds, ritualSessionUsers, ritualSessions, tempCartItems, users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { DELETION_MESSAGES, releaseShoppingOf } from '../../src/server/modules/orders/account-deletion.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const DAY_MS = 86_400_000;
const PASSWORD = 'Passw0rd!';
const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '문 앞에 두세요' };
const DELETE = { _method: 'DELETE', reason: '이사를 가요', password: PASSWORD };

interface PlacedOrder {
  id: number;
  order_number: string;
  amount: number;
}

interface Member {
  id: number;
  email: string;
  client: TestClient;
}

type CancelTurn = 'ok' | 'lost' | 'refused';

/**
 * The test provider, whose next cancels a test may script: `lost` is taken by the provider but its
 * answer never comes back, `refused` is declined.
 */
function flakyGateway() {
  const inner = createTestPaymentGateway();
  const turns: CancelTurn[] = [];
  const gateway: TestPaymentGateway = {
    provider: inner.provider,
    charges: inner.charges,
    cancels: inner.cancels,
    confirm: (input) => inner.confirm(input),
    async cancel(input: CancelInput) {
      const failure = turns.shift();
      if (failure === 'refused') throw new PaymentDeclinedError('취소할 수 없는 결제예요.', 'NOT_CANCELABLE_PAYMENT', {});
      const answer = await inner.cancel(input);
      if (failure === 'lost') throw new PaymentUnavailableError('the answer was lost on the way back');
      return answer;
    },
  };
  return { gateway, script: (...next: CancelTurn[]) => turns.push(...next) };
}

let provider = flakyGateway();
let app: TestApp;

beforeEach(() => {
  provider = flakyGateway();
  app = createTestApp(db(), {}, undefined, {}, undefined, provider.gateway);
});

// Paying mails a receipt; what deleting the account mails is the rest.
const notReceipt = (mail: { subject: string }) => !mail.subject.startsWith('[리추얼] 결제가 완료되었어요');

async function member(): Promise<Member> {
  const user = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { id: user.id, email: user.email, client };
}

async function pay(who: Member, order: PlacedOrder): Promise<PlacedOrder> {
  const res = await who.client.post('/api/orders/confirm', { json: { order_id: order.id, payment_key: `test_ok_${order.order_number}`, amount: order.amount } });
  expect(res.status).toBe(200);
  return order;
}

async function buySeat(who: Member, sessionId: number): Promise<PlacedOrder> {
  await db().insert(tempCartItems).values({ userId: who.id, ritualSessionId: sessionId });
  const res = await who.client.post('/api/orders', { json: { from_temp_cart: true } });
  expect(res.status).toBe(201);
  return pay(who, res.body.data as PlacedOrder);
}

async function buyProduct(who: Member, productId: number): Promise<PlacedOrder> {
  const [line] = await db().insert(cartItems).values({ userId: who.id, productId, quantity: 1 }).returning();
  const res = await who.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } });
  expect(res.status).toBe(201);
  return pay(who, res.body.data as PlacedOrder);
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const seatsOf = async (sessionId: number) => (await db().select().from(ritualSessionUsers).where(eq(ritualSessionUsers.ritualSessionId, sessionId))).map((row) => row.userId);

/** A seat in a one-day session starting in 9 days, an order being prepared and an order on its way. */
async function memberWithLivePurchases() {
  const buyer = await member();
  const ritual = await createProgram(db());
  const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 9 * DAY_MS), price: 35_000, capacity: 6 });
  const seat = await buySeat(buyer, session.id);
  const { product: cushion } = await createProduct(db(), { title: '명상 쿠션', price: 20_000, salePrice: 18_000 });
  const unshipped = await buyProduct(buyer, cushion.id);
  await db().update(orders).set({ status: 'preparing' }).where(eq(orders.id, unshipped.id));
  const { product: candle } = await createProduct(db(), { title: '라벤더 소이 캔들', salePrice: 12_000 });
  const shipped = await buyProduct(buyer, candle.id);
  await db().update(orders).set({ status: 'shipping', shippingCarrier: 'CJ대한통운', trackingNumber: '123456789012', shippedAt: new Date() }).where(eq(orders.id, shipped.id));
  return { buyer, session, seat, unshipped, shipped };
}

describe('deleting an account with live purchases', () => {
  it('lists each live purchase with what deleting does to it; a guest gets 401', async () => {
    const { buyer, session, seat, unshipped, shipped } = await memberWithLivePurchases();

    expect((await app.client().get('/api/me/deletion-preview')).status).toBe(401);
    const res = await buyer.client.get('/api/me/deletion-preview');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.data).toEqual({
      orders: [
        {
          order_id: seat.id,
          order_number: seat.order_number,
          title: '다도 명상 오후반',
          status: 'paid',
          status_label: '결제 완료',
          refund_amount: 35_000,
          payment_method: '카드',
          lines: [{ name: '다도 명상 오후반', kind: 'ritual_session', outcome: 'refund', starts_at: `${session.startsAt.toISOString().slice(0, -1)}000Z`, ends_at: expect.any(String) }],
        },
        expect.objectContaining({ order_id: unshipped.id, status: 'preparing', status_label: '상품 준비 중', refund_amount: 18_000 + 3000, payment_method: '카드' }),
        expect.objectContaining({
          order_id: shipped.id,
          status_label: '배송 중',
          refund_amount: 0,
          lines: [{ name: '라벤더 소이 캔들', kind: 'product', outcome: 'shipping', starts_at: null, ends_at: null }],
        }),
      ],
      refunds_under_way: [],
    });
  });

  it('refunds the seat and the unshipped order through the provider, frees the seat, keeps the parcel going and mails the member', async () => {
    const { buyer, session, seat, unshipped, shipped } = await memberWithLivePurchases();
    const other = await member();
    const otherSeat = await buySeat(other, session.id);
    expect(await seatsOf(session.id)).toEqual([buyer.id, other.id]);

    const res = await buyer.client.post('/api/me', { json: DELETE });
    expect(res.status).toBe(204);

    const gateway = provider.gateway;
    expect(gateway.cancels).toEqual([
      { paymentKey: `test_ok_${seat.order_number}`, amount: 35_000, reason: '회원 탈퇴에 따른 취소', idempotencyKey: `${seat.order_number}-refund-all` },
      { paymentKey: `test_ok_${unshipped.order_number}`, amount: 21_000, reason: '회원 탈퇴에 따른 취소', idempotencyKey: `${unshipped.order_number}-refund-all` },
    ]);
    expect(await orderRow(seat.id)).toMatchObject({ status: 'refunded', refundedAmount: 35_000 });
    expect(await orderRow(unshipped.id)).toMatchObject({ status: 'refunded', refundedAmount: 21_000, address: '서울 중구 세종대로 110', recipientPhone: null });
    expect((await db().select().from(orderItems).where(eq(orderItems.orderId, seat.id))).map((item) => item.status)).toEqual(['refunded']);
    expect((await db().select().from(payments).where(eq(payments.orderId, unshipped.id)))[0]?.status).toBe('cancelled');
    expect(await seatsOf(session.id)).toEqual([other.id]);
    // The parcel carries on, its record kept.
    expect(await orderRow(shipped.id)).toMatchObject({ status: 'shipping', refundedAmount: 0, trackingNumber: '123456789012', address: '서울 중구 세종대로 110' });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, shipped.id))).toEqual([]);
    // Another member's seat and order are theirs still.
    expect(await orderRow(otherSeat.id)).toMatchObject({ status: 'paid', refundedAmount: 0 });
    expect((await db().select().from(users).where(eq(users.id, buyer.id)))[0]).toMatchObject({ nickname: '탈퇴한 회원', email: `deleted-${buyer.id}@deleted.invalid` });

    const [mail] = await app.outbox(buyer.email);
    expect(mail?.subject).toBe('[리추얼] 탈퇴가 완료되었어요');
    expect(mail?.text).toContain('취소하고 환불했어요');
    expect(mail?.text).toContain('「다도 명상 오후반」 주문을 취소하고 35,000원을 카드로 돌려드렸어요.');
    expect(mail?.text).toContain('「다도 명상 오후반」 참여를 취소하고 자리는 다른 분께 돌려드렸어요.');
    expect(mail?.text).toContain('「명상 쿠션」 주문을 취소하고 21,000원을 카드로 돌려드렸어요.');
    expect(mail?.text).toContain(`「라벤더 소이 캔들」 배송 중인 주문(${shipped.order_number})이에요. 배송은 그대로 진행돼요.`);
    expect(mail?.html).toContain('35,000원을 카드로 돌려드렸어요.');
    expect((await app.outbox(other.email)).filter(notReceipt)).toEqual([]);
  });

  it('keeps a seat in a session already running: the rules refund no session once begun', async () => {
    const buyer = await member();
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 2 * DAY_MS), hours: 24 * 14 });
    const seat = await buySeat(buyer, session.id);
    const began = new Date(Date.now() - DAY_MS);
    await db().update(ritualSessions).set({ startsAt: began }).where(eq(ritualSessions.id, session.id));

    const preview = await buyer.client.get('/api/me/deletion-preview');
    expect(preview.body.data.orders).toEqual([expect.objectContaining({ order_id: seat.id, refund_amount: 0, lines: [expect.objectContaining({ outcome: 'session_running' })] })]);
    expect((await buyer.client.post('/api/me', { json: DELETE })).status).toBe(204);
    expect(provider.gateway.cancels).toEqual([]);
    expect(await orderRow(seat.id)).toMatchObject({ status: 'paid', refundedAmount: 0 });
    expect(await seatsOf(session.id)).toEqual([buyer.id]);
    const [mail] = await app.outbox(buyer.email);
    expect(mail?.text).toContain('이미 시작한 기수라 환불되지 않았어요.');
  });

  it('stops when the provider fails, deleting nothing; the retry refunds only what is left, never twice', async () => {
    const { buyer, seat, unshipped, shipped } = await memberWithLivePurchases();
    // The provider takes the second cancel, but its answer never comes back.
    provider.script('ok', 'lost');

    const stopped = await buyer.client.post('/api/me', { json: DELETE });
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toBe('결제사와 연결이 잠시 원활하지 않아 「명상 쿠션」 주문을 환불하지 못했어요. 탈퇴는 진행하지 않았고 계정은 그대로예요. 잠시 후 다시 시도해 주세요.');
    expect(await orderRow(seat.id)).toMatchObject({ status: 'refunded' });
    expect(await orderRow(unshipped.id)).toMatchObject({ status: 'preparing', refundedAmount: 0 });
    const [row] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(row).toMatchObject({ deletedAt: null, email: buyer.email });
    expect((await app.outbox(buyer.email)).filter(notReceipt)).toEqual([]);
    // Still signed in: the page reads what is left.
    const left = await buyer.client.get('/api/me/deletion-preview');
    expect(left.body.data.orders.map((order: { order_id: number }) => order.order_id)).toEqual([unshipped.id, shipped.id]);
    expect(left.body.data.refunds_under_way).toEqual([expect.objectContaining({ order_id: seat.id, amount: 35_000, payment_method: '카드' })]);

    expect((await buyer.client.post('/api/me', { json: DELETE })).status).toBe(204);
    // The lost cancel was asked again under its key: the provider answered it once.
    expect(provider.gateway.cancels.map((cancel) => cancel.idempotencyKey)).toEqual([`${seat.order_number}-refund-all`, `${unshipped.order_number}-refund-all`]);
    expect(await orderRow(unshipped.id)).toMatchObject({ status: 'refunded', refundedAmount: 21_000 });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, unshipped.id))).toHaveLength(1);
    const [mail] = await app.outbox(buyer.email);
    expect(mail?.text).toContain('「명상 쿠션」 주문을 취소하고 21,000원을 카드로 돌려드렸어요.');
    expect(mail?.text).toContain('환불 진행 중');
  });

  it('stops with 409 when the provider refuses a refund, the account untouched', async () => {
    const { buyer, seat } = await memberWithLivePurchases();
    provider.script('refused');
    const res = await buyer.client.post('/api/me', { json: DELETE });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('「다도 명상 오후반」 주문의 환불이 처리되지 않아 탈퇴를 멈췄어요. 계정은 그대로예요. 1:1 문의로 알려 주시면 환불부터 도와드릴게요.');
    expect(await orderRow(seat.id)).toMatchObject({ status: 'paid' });
    expect((await db().select().from(users).where(eq(users.id, buyer.id)))[0]?.deletedAt).toBeNull();
  });

  it('gives back a payment still owed for an order cancelled while it was charged', async () => {
    const buyer = await member();
    const { product } = await createProduct(db(), { title: '명상 쿠션', price: 20_000, salePrice: 18_000 });
    const order = await buyProduct(buyer, product.id);
    // As a confirm that lost the race and then the provider leaves it: cancelled, its payment standing.
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    await db().update(orderItems).set({ status: 'cancelled' }).where(eq(orderItems.orderId, order.id));

    const preview = await buyer.client.get('/api/me/deletion-preview');
    expect(preview.body.data.orders).toEqual([expect.objectContaining({ order_id: order.id, status_label: '주문 취소', refund_amount: 21_000 })]);
    expect((await buyer.client.post('/api/me', { json: DELETE })).status).toBe(204);
    expect(provider.gateway.cancels).toEqual([expect.objectContaining({ amount: 21_000, idempotencyKey: `${order.order_number}-cancel` })]);
    expect((await db().select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'cancelled'))))).toHaveLength(1);
  });

  it('anonymises nothing when an order was paid after the refunds were made (another tab)', async () => {
    const buyer = await member();
    const { product } = await createProduct(db(), { title: '명상 쿠션', price: 20_000, salePrice: 18_000 });
    const order = await buyProduct(buyer, product.id);
    await expect(db().transaction((tx) => releaseShoppingOf(tx as unknown as Db, buyer.id, new Date()))).rejects.toThrow(DELETION_MESSAGES.paidMeanwhile);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', recipientPhone: '01012345678' });
  });

  it('says nothing is live when nothing is, and still says goodbye by mail', async () => {
    const buyer = await member();
    const res = await buyer.client.get('/api/me/deletion-preview');
    expect(res.body.data).toEqual({ orders: [], refunds_under_way: [] });
    expect((await buyer.client.post('/api/me', { json: DELETE })).status).toBe(204);
    const [mail] = await app.outbox(buyer.email);
    expect(mail?.text).not.toContain('취소하고 환불했어요');
    expect(mail?.text).toContain('요청하신 대로 탈퇴를 마쳤어요.');
  });
});
