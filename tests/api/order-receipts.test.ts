import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/lib/time.ts';
import { createTestPaymentGateway } from '../../src/server/adapters/payments/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, notifications, orders, tempCartItems } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
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
  await db().delete(tempCartItems);
  app = createTestApp(db(), {}, undefined, {}, undefined, createTestPaymentGateway());
});

async function buyer(): Promise<{ user: User; client: TestClient }> {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { user, client };
}

const ADDRESS = { recipient_name: '한새봄', recipient_phone: '01098765432', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '5층' };

const confirm = (client: TestClient, order: { order_number: string; amount: number }, key = 'test_ok_receipt') =>
  client.post('/api/orders/confirm', { json: { order_id: order.order_number, payment_key: key, amount: order.amount } });

const receipts = async (user: User) => (await app.outbox(user.email)).filter((mail) => mail.subject.startsWith('[리추얼] 결제가 완료되었어요'));

describe('a paid order', () => {
  it('tells its member once: a notification to the order in 마이페이지, and a receipt with the number, items, amount and method', async () => {
    const member = await buyer();
    const { product, options } = await createProduct(db(), { title: '라벤더 소이 캔들', salePrice: 12_000 }, [{ name: '큰 병', extraPrice: 3000, stock: 5 }]);
    const [line] = await db().insert(cartItems).values({ userId: member.user.id, productId: product.id, productOptionId: options[0]!.id, quantity: 1 }).returning();
    const order = (await member.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } })).body.data;
    expect(await receipts(member.user)).toEqual([]);

    // Confirmed twice at once, then again (the success page reloaded): told once all the same.
    const twice = await Promise.all([confirm(member.client, order), confirm(member.client, order)]);
    expect(twice.map((res) => res.status)).toEqual([200, 200]);
    expect((await confirm(member.client, order)).status).toBe(200);

    const listed = (await member.client.get('/api/notifications')).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0].data).toMatchObject({ title: '라벤더 소이 캔들', link: `/mypage/orders/${order.id}`, is_order_paid: true, nickname: null, profile_image: null });

    const mails = await receipts(member.user);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`[리추얼] 결제가 완료되었어요 (주문번호 ${order.order_number})`);
    expect(mail!.text).toContain(`${member.user.nickname}님, 결제가 완료되었어요.`);
    expect(mail!.text).toContain(`주문번호: ${order.order_number}`);
    expect(mail!.text).toContain('결제 수단: 카드');
    expect(mail!.text).toContain('결제 금액: 18,000원 (상품 15,000원 + 배송비 3,000원)');
    expect(mail!.text).toContain('· 라벤더 소이 캔들 (큰 병) · 1개 · 15,000원');
    expect(mail!.text).toContain('받는 분: 한새봄 · 010-9876-5432 · (04524) 서울 중구 세종대로 110 5층');
    expect(mail!.links).toEqual([`http://localhost:4321/mypage/orders/${order.id}`]);
    expect(mail!.html).toContain('주문 상세 보기');
  });

  it('of a ritual seat says when the session starts', async () => {
    const member = await buyer();
    const ritual = await createProgram(db());
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    const session = await createProgramEvent(db(), ritual.id, { startsAt, price: 35_000 });
    await db().insert(tempCartItems).values({ userId: member.user.id, ritualSessionId: session.id });
    const order = (await member.client.post('/api/orders', { json: { from_temp_cart: true } })).body.data;
    expect((await confirm(member.client, order)).status).toBe(200);
    const [mail] = await receipts(member.user);
    expect(mail!.text).toContain(`· 다도 명상 오후반 · ${formatDateTime(startsAt)} 시작 · 35,000원`);
    expect(mail!.text).toContain('시작하는 날 리추얼 방에서 만나요.');
    expect(mail!.text).not.toContain('받는 분');
  });

  it('is announced only once it goes through: not when declined, nor when cancelled for want of stock', async () => {
    const member = await buyer();
    const { product } = await createProduct(db(), { title: '명상 티라이트 캔들', stock: 1 });
    const [line] = await db().insert(cartItems).values({ userId: member.user.id, productId: product.id, quantity: 1 }).returning();
    // Two orders of the one line, as two tabs make them.
    const place = async () => (await member.client.post('/api/orders', { json: { cart_item_ids: [line!.id], ...ADDRESS } })).body.data;
    const cancelled = await place();
    const paid = await place();
    expect((await confirm(member.client, cancelled, 'test_fail_receipt')).status).toBe(422);
    expect((await confirm(member.client, paid, 'test_ok_first')).status).toBe(200);
    // The last one was sold meanwhile: the order is cancelled and its payment given back.
    expect((await confirm(member.client, cancelled, 'test_ok_second')).status).toBe(409);

    const told = await db().select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(told.map((row) => [row.type, row.sourceId])).toEqual([['order_paid', paid.id]]);
    expect((await receipts(member.user)).map((mail) => mail.subject)).toEqual([`[리추얼] 결제가 완료되었어요 (주문번호 ${paid.order_number})`]);
  });
});
