import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { orderItems, orders, products, reviews, ritualSessions, rituals } from '../../src/server/db/schema/index.ts';
import { reviewableSessionItem } from '../../src/server/modules/reviews/eligibility.ts';
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
const DAY = 86_400_000;
const ADDRESS = { recipient_name: '김리추', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '' };
const CONTENT = '향이 은은해서 아침마다 잘 쓰고 있어요.';

let app: TestApp;

beforeEach(async () => {
  await db().delete(reviews);
  await db().delete(orders);
  await db().delete(products);
  await db().delete(rituals);
  app = createTestApp(db());
});

interface Member {
  id: number;
  client: TestClient;
}

async function memberOf(nickname?: string): Promise<Member> {
  const user = await createMember(db(), nickname ? { nickname } : {});
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { id: user.id, client };
}

interface OrderAnswer {
  id: number;
  order_number: string;
  amount: number;
  items: { id: number; review_id: number | null; can_review: boolean }[];
}

async function pay(member: Member, order: OrderAnswer): Promise<OrderAnswer> {
  const res = await member.client.post('/api/orders/confirm', { json: { order_id: order.order_number, payment_key: 'test_ok_review', amount: order.amount } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as OrderAnswer;
}

/** Ships and delivers the order from the console, as staff do. */
async function deliver(orderId: number): Promise<void> {
  const { client: staff } = await signedInStaff(db());
  const shipped = await staff.post(`/api/admin/orders/${orderId}/shipping`, { json: { shipping_carrier: 'CJ대한통운', tracking_number: '612345678901' } });
  expect(shipped.status, shipped.text).toBe(200);
  const delivered = await staff.post(`/api/admin/orders/${orderId}/delivered`);
  expect(delivered.status, delivered.text).toBe(200);
}

/**
 * Orders the product through the API and answers the line's id: paid and delivered (a product is
 * reviewed once it has arrived) unless told otherwise.
 */
async function buyProduct(member: Member, productId: number, { paid = true, delivered = true } = {}): Promise<number> {
  const line = await member.client.post('/api/cart-items', { json: { product_id: productId, quantity: 1 } });
  expect(line.status, line.text).toBe(201);
  const created = await member.client.post('/api/orders', { json: { cart_item_ids: [line.body.data.id], ...ADDRESS } });
  expect(created.status, created.text).toBe(201);
  const order = paid ? await pay(member, created.body.data) : (created.body.data as OrderAnswer);
  if (paid && delivered) await deliver(order.id);
  return order.items[0]!.id;
}

/** A session of a new ritual bought through the temp cart, paid; then moved to have run and ended (or still be running). */
async function buySession(member: Member, { ended = true } = {}): Promise<{ ritualId: number; sessionId: number; itemId: number }> {
  const ritual = await createProgram(db());
  const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * DAY) });
  const temp = await member.client.post('/api/temp-cart-items', { json: { items: [{ ritual_session_id: session.id }] } });
  expect(temp.status, temp.text).toBeLessThan(300);
  const created = await member.client.post('/api/orders', { json: { from_temp_cart: true } });
  expect(created.status, created.text).toBe(201);
  const order = await pay(member, created.body.data);
  const startsAt = new Date(Date.now() - 30 * DAY);
  const endsAt = new Date(Date.now() + (ended ? -DAY : DAY));
  await db().update(ritualSessions).set({ startsAt, endsAt }).where(eq(ritualSessions.id, session.id));
  return { ritualId: ritual.id, sessionId: session.id, itemId: order.items[0]!.id };
}

async function png(width = 640, height = 480): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 240, g: 140, b: 60 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });
}

function reviewForm(fields: Record<string, string | number | File | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, value instanceof File ? value : String(value));
  }
  return form;
}

const write = (member: Member | TestClient, fields: Record<string, string | number | File | undefined>) =>
  ('client' in member ? member.client : member).post('/api/reviews', { multipart: reviewForm(fields) });

const storedFiles = (): string[] => {
  const dir = join(app.uploadsDir, 'reviews');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/reviews', () => {
  it('stores the buyer\'s review of a delivered product with a re-encoded photo, and the product\'s summary counts it', async () => {
    const buyer = await memberOf('리추얼러');
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    const res = await write(buyer, { reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 4, content: `${CONTENT}\n\n<b>또</b> 살게요`, photo_image: await png() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      reviewable_type: 'product',
      reviewable_id: product.id,
      rating: 4,
      masked_nickname: '리추***',
      content: `<p>${CONTENT}</p><p>&lt;b&gt;또&lt;/b&gt; 살게요</p>`,
      is_mine: true,
    });
    expect(res.body.data.photo_image).toMatch(/^\/uploads\/reviews\/[a-z0-9-]+\.webp$/);
    const [file] = storedFiles();
    const meta = await sharp(join(app.uploadsDir, 'reviews', file!)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const detail = await app.client().get(`/api/products/${product.id}`);
    expect(detail.body.data.review_summary).toEqual({ count: 1, average: 4, photo_count: 1 });
    const list = await app.client().get(`/api/reviews?reviewable_id=${product.id}&is_only_image=1`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: res.body.data.id, is_mine: false });
    const own = await buyer.client.get(`/api/reviews?reviewable_id=${product.id}`);
    expect(own.body.data[0].is_mine).toBe(true);
  });

  it('answers the review on the order line: can_review before, review_id after, in my orders and the one line', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    const before = await buyer.client.get('/api/orders/me');
    expect(before.body.data[0].items[0]).toMatchObject({ id: itemId, review_id: null, can_review: true });
    const res = await write(buyer, { reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 5, content: CONTENT });
    expect(res.status, res.text).toBe(201);
    const after = await buyer.client.get('/api/orders/me');
    expect(after.body.data[0].items[0]).toMatchObject({ review_id: res.body.data.id, can_review: false });
    const line = await buyer.client.get(`/api/order-items/me/${itemId}`);
    expect(line.body.data).toMatchObject({ review_id: res.body.data.id, can_review: false });
    const order = await buyer.client.get(`/api/orders/me/${before.body.data[0].id}`);
    expect(order.body.data.items[0]).toMatchObject({ review_id: res.body.data.id, can_review: false });
  });

  it('opens a product\'s review once it is delivered or purchase-confirmed, not right after payment', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const review = (itemId: number) => write(buyer, { reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 5, content: CONTENT });
    const paid = await buyProduct(buyer, product.id, { delivered: false });
    const line = async (itemId: number) => (await buyer.client.get(`/api/order-items/me/${itemId}`)).body.data;
    expect(await line(paid)).toMatchObject({ can_review: false, review_opens_after: 'delivery' });
    const early = await review(paid);
    expect(early.status).toBe(422);
    expect(early.body.errors.order_item_id).toEqual(['배송이 완료된 뒤에 후기를 쓸 수 있어요.']);
    const [order] = await db().select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, paid));
    await deliver(order!.id);
    expect(await line(paid)).toMatchObject({ can_review: true, review_opens_after: null });
    expect((await review(paid)).status).toBe(201);

    const confirmed = await buyProduct(buyer, product.id);
    const [other] = await db().select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, confirmed));
    expect((await buyer.client.post(`/api/orders/${other!.id}/purchase-confirmation`)).status).toBe(200);
    const mine = await buyer.client.get(`/api/orders/me/${other!.id}`);
    expect(mine.body.data).toMatchObject({ status: 'purchase_confirmed', items: [{ can_review: true, review_opens_after: null }] });
    expect((await review(confirmed)).status).toBe(201);
  });

  it('takes one review a line: a second, even two at once, is refused in Korean and leaves no photo', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    const fields = async () => ({ reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 5, content: CONTENT, photo_image: await png(32, 32) });
    const answers = await Promise.all([write(buyer, await fields()), write(buyer, await fields())]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
    const again = await write(buyer, await fields());
    expect(again.status).toBe(422);
    expect(again.body.errors.order_item_id).toEqual(['이미 후기를 쓴 주문 상품이에요.']);
    expect(await db().select().from(reviews)).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
  });

  it('refuses unpaid, refunded and other members\' lines, and a type or id that is not the line\'s', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const { product: other } = await createProduct(db(), { title: '다른 상품' });
    const unpaid = await buyProduct(buyer, product.id, { paid: false });
    const refused = async (member: Member, fields: Record<string, string | number>, field: string, message: string) => {
      const res = await write(member, { reviewable_type: 'product', reviewable_id: product.id, rating: 5, content: CONTENT, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(fields)).toEqual([message]);
    };
    await refused(buyer, { order_item_id: unpaid }, 'order_item_id', '결제를 마친 주문 상품에만 후기를 쓸 수 있어요.');
    const delivered = await buyProduct(buyer, product.id);
    const stranger = await memberOf();
    await refused(stranger, { order_item_id: delivered }, 'order_item_id', '후기를 쓸 주문 상품을 찾을 수 없어요.');
    await refused(buyer, { order_item_id: 999_999 }, 'order_item_id', '후기를 쓸 주문 상품을 찾을 수 없어요.');
    await refused(buyer, { order_item_id: delivered, reviewable_id: other.id }, 'reviewable_id', '이 주문 상품의 후기가 아니에요. 주문 내역에서 다시 시도해 주세요.');
    await refused(buyer, { order_item_id: delivered, reviewable_type: 'ritual' }, 'reviewable_id', '이 주문 상품의 후기가 아니에요. 주문 내역에서 다시 시도해 주세요.');
    // Refunded before it was shipped: a refund stops at shipping.
    const paid = await buyProduct(buyer, product.id, { delivered: false });
    const refund = await buyer.client.post(`/api/order-items/${paid}`, { json: { _method: 'DELETE' } });
    expect(refund.status, refund.text).toBe(200);
    await refused(buyer, { order_item_id: paid }, 'order_item_id', '취소하거나 환불한 주문 상품에는 후기를 쓸 수 없어요.');
    expect(await db().select().from(reviews)).toHaveLength(0);
    const mine = await buyer.client.get('/api/orders/me');
    expect(mine.body.data.flatMap((order: OrderAnswer) => order.items.map((item) => item.can_review))).toEqual([false, true, false]);
  });

  it('lets a member of a finished session review its ritual, not while it runs, and not under the session\'s own id', async () => {
    const member = await memberOf();
    const running = await buySession(member, { ended: false });
    const early = await write(member, { reviewable_type: 'ritual', reviewable_id: running.ritualId, order_item_id: running.itemId, rating: 5, content: CONTENT });
    expect(early.status).toBe(422);
    expect(early.body.errors.order_item_id).toEqual(['리추얼 기수가 끝난 뒤에 후기를 쓸 수 있어요.']);
    expect((await member.client.get(`/api/order-items/me/${running.itemId}`)).body.data).toMatchObject({ can_review: false, review_opens_after: 'session_end' });
    // The room's 리추얼 후기 쓰기 link follows the same rule.
    expect(await reviewableSessionItem(db(), member, running.sessionId)).toBeNull();

    // Another ritual first, so that the session's id is not also its ritual's.
    await createProgram(db());
    const ended = await buySession(member);
    expect(ended.sessionId).not.toBe(ended.ritualId);
    expect((await member.client.get(`/api/order-items/me/${ended.itemId}`)).body.data.can_review).toBe(true);
    expect(await reviewableSessionItem(db(), member, ended.sessionId)).toBe(ended.itemId);
    expect(await reviewableSessionItem(db(), await memberOf(), ended.sessionId)).toBeNull();
    const wrongId = await write(member, { reviewable_type: 'ritual', reviewable_id: ended.sessionId, order_item_id: ended.itemId, rating: 5, content: CONTENT });
    expect(wrongId.status).toBe(422);
    expect(wrongId.body.errors.reviewable_id).toBeDefined();
    const asProduct = await write(member, { reviewable_type: 'product', reviewable_id: ended.ritualId, order_item_id: ended.itemId, rating: 5, content: CONTENT });
    expect(asProduct.body.errors.reviewable_id).toBeDefined();
    const res = await write(member, { reviewable_type: 'ritual', reviewable_id: ended.ritualId, order_item_id: ended.itemId, rating: 3, content: CONTENT });
    expect(res.status, res.text).toBe(201);
    expect(await reviewableSessionItem(db(), member, ended.sessionId)).toBeNull();
    const list = await app.client().get(`/api/reviews?reviewable_type=ritual&reviewable_id=${ended.ritualId}`);
    expect(list.body.meta.review_summary).toEqual({ count: 1, average: 3, photo_count: 0 });
  });

  it('refuses each bad field with its Korean message and stores nothing, photo included', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    const valid = { reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 5, content: CONTENT };
    const cases: Array<[Record<string, string | number | File | undefined>, string, string]> = [
      [{ reviewable_type: 'order' }, 'reviewable_type', 'reviewable_type은 product, ritual 중 하나여야 합니다.'],
      [{ reviewable_id: 'abc' }, 'reviewable_id', '후기를 볼 항목을 선택해 주세요.'],
      [{ order_item_id: undefined }, 'order_item_id', '후기를 쓸 주문 상품을 찾을 수 없어요.'],
      [{ rating: 0 }, 'rating', '별점을 1점에서 5점 사이로 골라 주세요.'],
      [{ rating: 6 }, 'rating', '별점을 1점에서 5점 사이로 골라 주세요.'],
      [{ rating: '4.5' }, 'rating', '별점을 1점에서 5점 사이로 골라 주세요.'],
      [{ rating: undefined }, 'rating', '별점을 1점에서 5점 사이로 골라 주세요.'],
      [{ content: undefined }, 'content', '후기를 10자 이상 써 주세요.'],
      [{ content: '좋아요' }, 'content', '후기를 10자 이상 써 주세요.'],
      [{ content: '<p><img src="x" onerror="alert(1)"></p>' }, 'content', '후기를 10자 이상 써 주세요.'],
      [{ content: '가'.repeat(1001) }, 'content', '후기는 1,000자 이하로 써 주세요.'],
      [{ photo_image: 'not a file' }, 'photo_image', 'JPG, PNG, WEBP, GIF 사진만 올릴 수 있어요.'],
      [{ photo_image: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.png', { type: 'image/png' }) }, 'photo_image', 'JPG, PNG, WEBP, GIF 사진만 올릴 수 있어요.'],
      [{ photo_image: new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }) }, 'photo_image', '사진은 10MB 이하로 올려 주세요.'],
    ];
    const big = createTestApp(db(), { bodyLimitBytes: 12 * 1024 * 1024 });
    const { token } = await createSession(db(), { userId: buyer.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const roomy = big.client();
    roomy.cookies.set('session', token);
    for (const [fields, field, message] of cases) {
      const res = await write(roomy, { ...valid, ...fields });
      expect(res.status, `${field} ${res.text}`).toBe(422);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    const empty = await write(roomy, { ...valid, rating: undefined, content: '' });
    expect(Object.keys(empty.body.errors).sort()).toEqual(['content', 'rating']);
    // A bad photo is refused after the rest is checked, and with a good photo a bad content stores no file.
    const badContent = await write(buyer, { ...valid, content: '<p>짧아요</p><p></p><p></p>', photo_image: await png(16, 16) });
    expect(badContent.status).toBe(422);
    expect(await db().select().from(reviews)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
    expect(readdirSync(big.uploadsDir)).toHaveLength(0);
  });

  it('sanitises HTML content to words and emphasis', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    const res = await write(buyer, {
      reviewable_type: 'product',
      reviewable_id: product.id,
      order_item_id: itemId,
      rating: 5,
      content: '<p onclick="x()">정말 <strong>좋아요</strong> 추천합니다<script>alert(1)</script><a href="javascript:alert(1)">링크</a><img src="/uploads/x.webp"></p>',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.content).toBe('<p>정말 <strong>좋아요</strong> 추천합니다링크</p>');
  });

  it('answers 401 to a guest and 419 without the request-forgery token', async () => {
    const { product } = await createProduct(db());
    const guest = await write(app.client(), { reviewable_type: 'product', reviewable_id: product.id, order_item_id: 1, rating: 5, content: CONTENT });
    expect(guest.status).toBe(401);
    const buyer = await memberOf();
    const itemId = await buyProduct(buyer, product.id);
    const forged = await buyer.client.post('/api/reviews', {
      multipart: reviewForm({ reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 5, content: CONTENT }),
      csrf: false,
    });
    expect(forged.status).toBe(419);
    expect(await db().select().from(reviews)).toHaveLength(0);
  });
});

describe('DELETE /api/reviews/{id}', () => {
  it('lets the writer alone delete, removes the photo, and the line can be reviewed again', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    const created = await write(buyer, { reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 2, content: CONTENT, photo_image: await png(64, 64) });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    expect(storedFiles()).toHaveLength(1);

    expect((await app.client().post(`/api/reviews/${id}`, { json: { _method: 'DELETE' } })).status).toBe(401);
    const stranger = await memberOf();
    const byStranger = await stranger.client.post(`/api/reviews/${id}`, { json: { _method: 'DELETE' } });
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.message).toBe('내가 쓴 후기만 삭제할 수 있어요.');
    expect((await buyer.client.post('/api/reviews/999999', { json: { _method: 'DELETE' } })).status).toBe(404);
    expect((await buyer.client.post('/api/reviews/abc', { json: { _method: 'DELETE' } })).status).toBe(404);
    expect(await db().select().from(reviews)).toHaveLength(1);

    const deleted = await buyer.client.post(`/api/reviews/${id}`, { json: { _method: 'DELETE' } });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await db().select().from(reviews)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
    expect((await app.client().get(`/api/products/${product.id}`)).body.data.review_summary).toEqual({ count: 0, average: 0, photo_count: 0 });
    expect((await buyer.client.get(`/api/order-items/me/${itemId}`)).body.data).toMatchObject({ review_id: null, can_review: true });
    expect((await buyer.client.request('DELETE', `/api/reviews/${id}`)).status).toBe(404);
  });

  it('keeps a review when its line is removed with its order, unlinked', async () => {
    const buyer = await memberOf();
    const { product } = await createProduct(db());
    const itemId = await buyProduct(buyer, product.id);
    await write(buyer, { reviewable_type: 'product', reviewable_id: product.id, order_item_id: itemId, rating: 5, content: CONTENT });
    const [item] = await db().select().from(orderItems).where(eq(orderItems.id, itemId));
    await db().delete(orders).where(eq(orders.id, item!.orderId));
    const [kept] = await db().select().from(reviews);
    expect(kept).toMatchObject({ orderItemId: null, reviewableId: product.id });
  });
});
