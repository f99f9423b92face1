import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, products, reviews, tempCartItems, themes } from '../../src/server/db/schema/index.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import type { TestClient } from '../helpers/test-app.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

beforeEach(async () => {
  await db().delete(tempCartItems);
  await db().delete(cartItems);
  await db().delete(reviews);
  await db().delete(products);
});

const add = (client: TestClient, json: Record<string, unknown>) => client.post('/api/cart-items', { json });
const rows = () => db().select().from(cartItems);

describe('GET /api/products', () => {
  it('pages the listed products in each order, filters by theme and hides hidden ones', async () => {
    const [theme] = await db().insert(themes).values({ name: '마음 돌보기', description: '마음' }).returning();
    const { product: cheap } = await createProduct(db(), { title: '싼 것', price: 5000, salePrice: 5000, salesCount: 1, createdAt: new Date('2026-01-01') });
    const { product: popular } = await createProduct(db(), { title: '인기', price: 20_000, salePrice: 18_000, salesCount: 50, themeId: theme!.id, createdAt: new Date('2026-02-01') });
    const { product: newest } = await createProduct(db(), { title: '새것', price: 30_000, salePrice: 30_000, createdAt: new Date('2026-03-01') });
    await createProduct(db(), { title: '숨김', status: 'hidden' });
    const guest = guestClient(db());

    const ids = async (query: string) => (await guest.get(`/api/products?${query}`)).body.data.map((p: { id: number }) => p.id);
    expect(await ids('')).toEqual([newest.id, popular.id, cheap.id]);
    expect(await ids('sort=popular')).toEqual([popular.id, cheap.id, newest.id]);
    expect(await ids('sort=price_asc')).toEqual([cheap.id, popular.id, newest.id]);
    expect(await ids('sort=price_desc')).toEqual([newest.id, popular.id, cheap.id]);
    expect(await ids(`theme_id=${theme!.id}`)).toEqual([popular.id]);

    const page = await guest.get('/api/products?per_page=2&page=2');
    expect(page.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    const first = (await guest.get('/api/products?sort=popular&per_page=1')).body.data[0];
    expect(first).toMatchObject({
      price: 20_000,
      sale_price: 18_000,
      discount_rate: 10,
      stock: 10,
      is_sold_out: false,
      options: [],
      shipping: { fee: 3000, free_over: 30_000 },
      review_summary: { count: 0, average: 0, photo_count: 0 },
      theme: { id: theme!.id, name: '마음 돌보기' },
    });
    expect((await guest.get('/api/products/latest')).body.data.map((p: { id: number }) => p.id)).toEqual([newest.id, popular.id, cheap.id]);
  });

  it('answers 422 for a bad sort, theme or page', async () => {
    const guest = guestClient(db());
    const cases: Array<[string, string]> = [
      ['sort=cheapest', 'sort'],
      ['theme_id=abc', 'theme_id'],
      ['theme_id=999999', 'theme_id'],
      ['page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await guest.get(`/api/products?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field]?.[0], query).toMatch(/[가-힣]/);
    }
  });

  it('answers a product with its options and review summary, and 404 for a hidden or unknown one', async () => {
    const { product, options } = await createProduct(db(), {}, [
      { name: '라벤더', stock: 3 },
      { name: '유칼립투스', stock: 0, extraPrice: 2000 },
    ]);
    const { product: hidden } = await createProduct(db(), { status: 'hidden' });
    const writer = await signedInMember(db());
    await db()
      .insert(reviews)
      .values([
        { userId: writer.user.id, reviewableType: 'product', reviewableId: product.id, rating: 5, contentHtml: '<p>좋아요</p>', photoImageUrl: '/p.webp' },
        { userId: writer.user.id, reviewableType: 'product', reviewableId: product.id, rating: 4, contentHtml: '<p>괜찮아요</p>' },
      ]);
    const guest = guestClient(db());
    const res = await guest.get(`/api/products/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      stock: 3,
      is_sold_out: false,
      description_html: '<p>천연 소이 왁스로 만든 캔들이에요.</p>',
      options: [
        { id: options[0]!.id, name: '라벤더', extra_price: 0, stock: 3, is_sold_out: false },
        { id: options[1]!.id, name: '유칼립투스', extra_price: 2000, stock: 0, is_sold_out: true },
      ],
      review_summary: { count: 2, average: 4.5, photo_count: 1 },
    });
    const photos = await guest.get(`/api/reviews?reviewable_id=${product.id}&is_only_image=1`);
    expect(photos.status).toBe(200);
    expect(photos.body.meta).toMatchObject({ total: 1, review_summary: { count: 2 } });
    for (const path of [`/api/products/${hidden.id}`, '/api/products/999999', '/api/products/abc', `/api/reviews?reviewable_id=${hidden.id}`]) {
      expect((await guest.get(path)).status, path).toBe(404);
    }
  });
});

describe('GET /api/isolated-regions/{postal_code}', () => {
  it('finds Jeju and the islands from the migration, not the mainland, and refuses other formats', async () => {
    const guest = guestClient(db());
    expect((await guest.get('/api/isolated-regions/63100')).body.data).toEqual({ postal_code: '63100', is_isolated: true, region: '제주특별자치도', extra_fee: 3000 });
    expect((await guest.get('/api/isolated-regions/40200')).body.data).toMatchObject({ is_isolated: true, region: '경북 울릉군', extra_fee: 5000 });
    expect((await guest.get('/api/isolated-regions/06236')).body.data).toEqual({ postal_code: '06236', is_isolated: false, region: null, extra_fee: 0 });
    for (const code of ['6310', '631000', 'abcde', '63-10']) {
      const res = await guest.get(`/api/isolated-regions/${code}`);
      expect(res.status, code).toBe(422);
      expect(res.body.errors.postal_code[0]).toBe('우편번호는 숫자 다섯 자리로 입력해 주세요.');
    }
  });
});

describe('the cart', () => {
  it('answers 401 to a guest on every cart route', async () => {
    const guest = guestClient(db());
    const { product } = await createProduct(db());
    const calls = [
      guest.get('/api/cart-items'),
      guest.get('/api/cart-items/count'),
      add(guest, { product_id: product.id, quantity: 1 }),
      guest.post('/api/cart-items', { json: { _method: 'PUT', ids: [] } }),
      guest.post('/api/cart-items/1', { json: { _method: 'PUT', quantity: 2 } }),
      guest.post('/api/cart-items/1', { json: { _method: 'DELETE' } }),
      guest.get('/api/temp-cart-items'),
      guest.post('/api/temp-cart-items', { json: { items: [{ product_id: product.id, quantity: 1 }] } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('adds a line, merges the same product and option, counts lines and prices them from the server', async () => {
    const { client } = await signedInMember(db());
    const { product, options } = await createProduct(db(), {}, [
      { name: '라벤더', stock: 5 },
      { name: '우디', stock: 5, extraPrice: 2000 },
    ]);
    const created = await add(client, { product_id: product.id, product_option_id: options[1]!.id, quantity: 2, unit_price: 1, price: 1 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ option: { id: options[1]!.id, name: '우디' }, quantity: 2, unit_price: 14_000, line_total: 28_000, is_selected: true, problem: null });
    expect(created.body.meta).toEqual({ count: 1 });
    const merged = await add(client, { product_id: product.id, product_option_id: String(options[1]!.id), quantity: '3' });
    expect(merged.body.data).toMatchObject({ id: created.body.data.id, quantity: 5 });
    await add(client, { product_id: product.id, product_option_id: options[0]!.id, quantity: 1 });
    expect((await client.get('/api/cart-items/count')).body).toEqual({ data: { count: 2 } });

    const cart = await client.get('/api/cart-items');
    expect(cart.body.data).toHaveLength(2);
    // 70,000 + 12,000: past the 30,000원 free-shipping amount.
    expect(cart.body.meta.summary).toEqual({ items_amount: 82_000, shipping_fee: 0, free_shipping_over: 30_000, missing_for_free_shipping: 0, amount: 82_000, orderable_count: 2 });
  });

  it('refuses bad quantities, unknown products and options, sold-out options and more than the stock', async () => {
    const { client } = await signedInMember(db());
    const { product, options } = await createProduct(db(), {}, [
      { name: '라벤더', stock: 3 },
      { name: '품절 향', stock: 0 },
    ]);
    const { product: plain } = await createProduct(db(), { stock: 2 });
    const { product: soldOut } = await createProduct(db(), { status: 'sold_out' });
    const { product: hidden } = await createProduct(db(), { status: 'hidden' });
    const { options: foreign } = await createProduct(db(), {}, [{ name: '다른 상품', stock: 9 }]);
    const ok = { product_id: plain.id };
    const cases: Array<[Record<string, unknown>, string]> = [
      ...[0, -1, 1.5, 1e9, 'abc', '2개', '', null, true, [1]].map((quantity): [Record<string, unknown>, string] => [{ ...ok, quantity }, 'quantity']),
      [{ product_id: plain.id }, 'quantity'],
      [{ product_id: 999_999, quantity: 1 }, 'product_id'],
      [{ product_id: 'abc', quantity: 1 }, 'product_id'],
      [{ product_id: hidden.id, quantity: 1 }, 'product_id'],
      [{ product_id: soldOut.id, quantity: 1 }, 'product_id'],
      [{ product_id: product.id, quantity: 1 }, 'product_option_id'],
      [{ product_id: product.id, product_option_id: 999_999, quantity: 1 }, 'product_option_id'],
      [{ product_id: product.id, product_option_id: foreign[0]!.id, quantity: 1 }, 'product_option_id'],
      [{ product_id: product.id, product_option_id: options[1]!.id, quantity: 1 }, 'product_option_id'],
      [{ product_id: plain.id, product_option_id: options[0]!.id, quantity: 1 }, 'product_option_id'],
      [{ product_id: product.id, product_option_id: options[0]!.id, quantity: 4 }, 'quantity'],
      [{ product_id: plain.id, quantity: 3 }, 'quantity'],
    ];
    for (const [json, field] of cases) {
      const res = await add(client, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(json)).toMatch(/[가-힣]/);
    }
    expect(await rows()).toEqual([]);

    expect((await add(client, { product_id: plain.id, quantity: 2 })).status).toBe(201);
    const over = await add(client, { product_id: plain.id, quantity: 1 });
    expect(over.status).toBe(422);
    expect(over.body.errors.quantity).toEqual(['재고가 2개 남았어요. 2개 이하로 담아 주세요.']);
    expect((await rows())[0]!.quantity).toBe(2);
  });

  it('changes quantity and option within the stock, merging into an existing line', async () => {
    const { client } = await signedInMember(db());
    const { product, options } = await createProduct(db(), {}, [
      { name: '라벤더', stock: 4 },
      { name: '우디', stock: 6 },
      { name: '품절', stock: 0 },
    ]);
    const a = (await add(client, { product_id: product.id, product_option_id: options[0]!.id, quantity: 1 })).body.data;
    const b = (await add(client, { product_id: product.id, product_option_id: options[1]!.id, quantity: 2 })).body.data;
    const put = (id: number, json: Record<string, unknown>) => client.post(`/api/cart-items/${id}`, { json: { _method: 'PUT', ...json } });

    expect((await put(a.id, { quantity: 4 })).body.data).toMatchObject({ quantity: 4, line_total: 48_000 });
    for (const [json, field] of [
      [{ quantity: 5 }, 'quantity'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 2.5 }, 'quantity'],
      [{}, 'quantity'],
      [{ product_option_id: options[2]!.id }, 'product_option_id'],
      [{ product_option_id: 999_999 }, 'product_option_id'],
    ] as const) {
      const res = await put(a.id, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.errors[field]?.[0]).toMatch(/[가-힣]/);
    }
    const merged = await put(a.id, { product_option_id: options[1]!.id });
    expect(merged.body.data).toMatchObject({ id: b.id, quantity: 6 });
    expect(await rows()).toHaveLength(1);
  });

  it('keeps the selection on the server, leaves sold-out and short lines out of the summary, and deletes', async () => {
    const { user, client } = await signedInMember(db());
    const { product: cheap } = await createProduct(db(), { salePrice: 10_000, price: 10_000 });
    const { product: short } = await createProduct(db(), { stock: 5 });
    const { product: later } = await createProduct(db(), { stock: 5 });
    const x = (await add(client, { product_id: cheap.id, quantity: 1 })).body.data;
    const y = (await add(client, { product_id: short.id, quantity: 3 })).body.data;
    const z = (await add(client, { product_id: later.id, quantity: 1 })).body.data;
    await db().update(products).set({ stock: 2 }).where(eq(products.id, short.id));
    await db().update(products).set({ status: 'sold_out' }).where(eq(products.id, later.id));

    const cart = (await client.get('/api/cart-items')).body;
    expect(Object.fromEntries(cart.data.map((line: { id: number; problem: string | null }) => [line.id, line.problem]))).toEqual({ [x.id]: null, [y.id]: 'stock_short', [z.id]: 'sold_out' });
    expect(cart.meta.summary).toEqual({ items_amount: 10_000, shipping_fee: 3000, free_shipping_over: 30_000, missing_for_free_shipping: 20_000, amount: 13_000, orderable_count: 1 });

    const selected = await client.post('/api/cart-items', { json: { _method: 'PUT', ids: [y.id] } });
    expect(selected.status).toBe(200);
    expect(selected.body.data.filter((line: { is_selected: boolean }) => line.is_selected).map((line: { id: number }) => line.id)).toEqual([y.id]);
    expect(selected.body.meta.summary).toMatchObject({ items_amount: 0, shipping_fee: 0, amount: 0, orderable_count: 0 });
    const none = await client.post('/api/cart-items', { form: { _method: 'PUT' } });
    expect(none.body.data.every((line: { is_selected: boolean }) => !line.is_selected)).toBe(true);
    for (const ids of ['abc', [1.5], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const res = await client.post('/api/cart-items', { json: { _method: 'PUT', ids } });
      expect(res.status).toBe(422);
      expect(res.body.errors.ids[0]).toMatch(/[가-힣]/);
    }

    const removed = await client.post(`/api/cart-items/${x.id}`, { json: { _method: 'DELETE' } });
    expect(removed.status).toBe(204);
    expect((await client.get('/api/cart-items/count')).body.data.count).toBe(2);
    // A hidden product's line leaves the count at once, and the table with the next change.
    await db().update(products).set({ status: 'hidden' }).where(eq(products.id, later.id));
    expect((await client.get('/api/cart-items/count')).body.data.count).toBe(1);
    await client.post(`/api/cart-items/${y.id}`, { json: { _method: 'PUT', quantity: 1 } });
    expect((await rows()).map((row) => row.id)).toEqual([y.id]);
    // A deleted product takes its lines with it.
    await db().delete(products).where(eq(products.id, short.id));
    expect((await db().select().from(cartItems).where(eq(cartItems.userId, user.id)))).toEqual([]);
  });

  it("answers 404 for another member's line and changes nothing", async () => {
    const owner = await signedInMember(db());
    const other = await signedInMember(db());
    const { product } = await createProduct(db());
    const line = (await add(owner.client, { product_id: product.id, quantity: 1 })).body.data;
    for (const json of [{ _method: 'PUT', quantity: 2 }, { _method: 'DELETE' }]) {
      const res = await other.client.post(`/api/cart-items/${line.id}`, { json });
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    expect((await other.client.post('/api/cart-items/999999', { json: { _method: 'DELETE' } })).status).toBe(404);
    expect((await other.client.post('/api/cart-items/abc', { json: { _method: 'DELETE' } })).status).toBe(404);
    await other.client.post('/api/cart-items', { json: { _method: 'PUT', ids: [] } });
    expect((await other.client.get('/api/cart-items')).body.data).toEqual([]);
    expect((await other.client.get('/api/cart-items/count')).body.data.count).toBe(0);
    expect(await rows()).toMatchObject([{ id: line.id, quantity: 1, isSelected: true }]);
  });
});

describe('the temp cart', () => {
  it('is replaced by products or ritual sessions, each checked, and is the member’s own', async () => {
    const { client } = await signedInMember(db());
    const other = await signedInMember(db());
    const { product, options } = await createProduct(db(), {}, [{ name: '라벤더', stock: 2 }]);
    const ritual = await createProgram(db());
    const session = await createProgramEvent(db(), ritual.id, { startsAt: new Date(Date.now() + 7 * 86_400_000) });

    const first = await client.post('/api/temp-cart-items', { json: { items: [{ product_id: product.id, product_option_id: options[0]!.id, quantity: 2 }] } });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual([expect.objectContaining({ product_id: product.id, product_option_id: options[0]!.id, quantity: 2, ritual_session_id: null })]);
    // Several lines at once replace the one before, in the order given.
    const both = await client.post('/api/temp-cart-items', { json: { items: [{ ritual_session_id: session.id }, { product_id: product.id, product_option_id: options[0]!.id, quantity: 1 }] } });
    expect(both.status).toBe(201);
    expect(both.body.data).toEqual([
      expect.objectContaining({ product_id: null, ritual_session_id: session.id, quantity: 1 }),
      expect.objectContaining({ product_id: product.id, product_option_id: options[0]!.id, ritual_session_id: null, quantity: 1 }),
    ]);
    expect((await client.get('/api/temp-cart-items')).body.data).toHaveLength(2);
    const second = await client.post('/api/temp-cart-items', { json: { items: [{ ritual_session_id: session.id }] } });
    expect(second.body.data).toEqual([expect.objectContaining({ product_id: null, ritual_session_id: session.id, quantity: 1 })]);
    expect((await client.get('/api/temp-cart-items')).body.data).toHaveLength(1);
    expect((await other.client.get('/api/temp-cart-items')).body.data).toEqual([]);

    for (const [items, field] of [
      [[], 'items'],
      ['x', 'items'],
      [[{ product_id: product.id, product_option_id: options[0]!.id, quantity: 3 }], 'items.0.quantity'],
      [[{ product_id: product.id, quantity: 1 }], 'items.0.product_option_id'],
      [[{ ritual_session_id: session.id }, { ritual_session_id: 999_999 }], 'items.1.ritual_session_id'],
      [[{ product_id: product.id, product_option_id: options[0]!.id, quantity: -1 }], 'items.0.quantity'],
    ] as const) {
      const res = await client.post('/api/temp-cart-items', { json: { items } });
      expect(res.status, JSON.stringify(items)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(items)).toMatch(/[가-힣]/);
    }
    expect((await client.get('/api/temp-cart-items')).body.data).toEqual([expect.objectContaining({ ritual_session_id: session.id })]);
  });
});
