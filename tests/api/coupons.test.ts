import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { couponUsers, coupons } from '../../src/server/db/schema/index.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

beforeEach(async () => {
  await db().delete(couponUsers);
  await db().delete(coupons);
  await db().insert(coupons).values({ code: 'WELCOME10', name: '첫 주문 10% 할인', kind: 'percent', value: 10, maxDiscount: 10_000, minOrderAmount: 10_000 });
});

describe('POST /api/coupons/users', () => {
  it('adds a coupon by its code in any case, once per member', async () => {
    const { client, user } = await signedInMember(db());
    const res = await client.post('/api/coupons/users', { json: { code: ' welcome10 ' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code: 'WELCOME10', kind: 'percent', value: 10, used_at: null });
    const again = await client.post('/api/coupons/users', { json: { code: 'WELCOME10' } });
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual(['이미 등록한 쿠폰이에요.']);
    expect(await db().select().from(couponUsers).where(eq(couponUsers.userId, user.id))).toHaveLength(1);
  });

  it('refuses unknown, expired and exhausted codes in Korean, and guests', async () => {
    const { client } = await signedInMember(db());
    const post = (code: unknown) => client.post('/api/coupons/users', { json: { code } });
    expect((await post('NOPE')).body.errors.code).toEqual(['쿠폰 코드를 찾을 수 없어요. 대소문자와 숫자를 다시 확인해 주세요.']);
    expect((await post('')).body.errors.code).toEqual(['쿠폰 코드를 입력해 주세요.']);
    expect((await post(12)).status).toBe(422);
    await db().insert(coupons).values({ code: 'OLD', name: '지난 할인', kind: 'fixed', value: 1000, validUntil: new Date('2020-01-01') });
    expect((await post('OLD')).body.errors.code).toEqual(['사용 기간이 아닌 쿠폰이에요.']);
    await db().insert(coupons).values({ code: 'ONE', name: '한 명만', kind: 'fixed', value: 1000, totalLimit: 1 });
    const { client: first } = await signedInMember(db());
    expect((await first.post('/api/coupons/users', { json: { code: 'ONE' } })).status).toBe(201);
    expect((await post('ONE')).body.errors.code).toEqual(['선착순 수량이 모두 소진된 쿠폰이에요.']);
    expect((await guestClient(db()).post('/api/coupons/users', { json: { code: 'WELCOME10' } })).status).toBe(401);
  });
});

describe('GET /api/coupons/available and /api/coupons/discount-price', () => {
  it('lists the usable coupons with their discount and prices one of them', async () => {
    const { client } = await signedInMember(db());
    const wallet = (await client.post('/api/coupons/users', { json: { code: 'WELCOME10' } })).body.data.id as number;
    const available = await client.get('/api/coupons/available?amount=25000&product_ids[]=1');
    expect(available.status).toBe(200);
    expect(available.body.data).toMatchObject([{ id: wallet, discount: 2500 }]);
    expect((await client.get('/api/coupons/available?amount=5000')).body.data).toEqual([]);
    expect((await client.get('/api/coupons/available?amount=abc')).body.errors.amount).toEqual(['금액은 0 이상의 정수로 보내 주세요.']);
    expect((await client.get('/api/coupons/available?amount=1000&product_ids[]=x')).status).toBe(422);
    const price = await client.get(`/api/coupons/discount-price?coupon_user_id=${wallet}&amount=200000`);
    expect(price.body.data).toEqual({ discount: 10_000, final_price: 190_000 });
    const { client: other } = await signedInMember(db());
    expect((await other.get(`/api/coupons/discount-price?coupon_user_id=${wallet}&amount=20000`)).status).toBe(404);
    expect((await guestClient(db()).get('/api/coupons/available?amount=1000')).status).toBe(401);
  });
});
