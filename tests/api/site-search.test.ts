import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { searchGrams } from '../../src/server/db/schema/index.ts';
import type { SearchKind } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { indexSearchItem, rebuildSearchIndex, searchExplorer } from '../../src/server/modules/search/service.ts';
import type { SearchGroupKind } from '../../src/lib/search.ts';
import type { SquarePostItem } from '../../src/lib/square.ts';
import type { ProductItem } from '../../src/lib/store.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

type Client = ReturnType<typeof guestClient>;

interface Found {
  product: { total: number; items: ProductItem[] };
  square_post: { total: number; items: SquarePostItem[] };
  [kind: string]: { total: number; items: Array<{ id: number; title: string }> };
}

/** The API's answer for `q`, its groups by kind. */
async function search(client: Client, q: string): Promise<Found> {
  const res = await client.get(`/api/explorer-search?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return Object.fromEntries(res.body.data.groups.map((group: { kind: SearchGroupKind }) => [group.kind, group])) as Found;
}

const postIds = async (q: string, client: Client = guestClient(db())) => (await search(client, q)).square_post.items.map((post) => post.id);
const productIds = async (q: string) => (await search(guestClient(db()), q)).product.items.map((product) => product.id);

const gramsOf = async (kind: SearchKind, itemId: number) =>
  (await db().select({ gram: searchGrams.gram }).from(searchGrams).where(and(eq(searchGrams.kind, kind), eq(searchGrams.itemId, itemId)))).map(
    (row) => row.gram,
  );

const write = (client: Client, body: Record<string, unknown>) => client.post('/api/square-posts', { json: body });

beforeAll(async () => {
  await seedDemoData(db(), { production: false });
});

describe('명상 in the demo', () => {
  it('finds the shop’s cushion and candles and the square’s posts, each group as its own cards', async () => {
    const found = await search(guestClient(db()), '명상');
    expect(Object.keys(found)).toEqual(['ritual', 'program', 'off_the_record', 'product', 'square_post']);
    expect(found.ritual!.total).toBeGreaterThan(0);
    const titles = found.product.items.map((product) => product.title);
    expect(titles).toContain('명상 방석 쿠션');
    expect(titles).toContain('명상 티라이트 캔들 12개입');
    expect(found.product.total).toBe(found.product.items.length);
    const cushion = found.product.items.find((product) => product.title === '명상 방석 쿠션')!;
    expect(cushion.images.length).toBeGreaterThan(0);
    expect(cushion.sale_price).toBeGreaterThan(0);

    expect(found.square_post.total).toBeGreaterThan(0);
    expect(found.square_post.items.length).toBeLessThanOrEqual(12);
    expect(found.square_post.items.some((post) => post.title.includes('명상'))).toBe(true);
    // The demo's 비밀 라운지 has a password: none of its posts, nor anything hidden.
    expect(found.square_post.items.every((post) => post.category.slug !== 'secret-lounge' && !post.is_hidden)).toBe(true);
    for (const post of found.square_post.items.filter((item) => item.is_anonymous)) expect([post.author, post.author_name]).toEqual([null, '익명']);
  });
});

describe('square posts', () => {
  it('are found by their words when written, by their new words after an edit, and not after they are deleted', async () => {
    const { client } = await signedInMember(db());
    const category = await createCategory(db());
    const created = await write(client, { square_post_category_id: category.id, title: '보랏빛고요 산책', content: '<p>저녁 <b>물안개</b>를 보며 걸었어요.</p>' });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    expect(await postIds('보랏빛고요')).toEqual([id]);
    expect(await postIds('물안개를')).toEqual([id]);
    const card = (await search(guestClient(db()), '물안개')).square_post.items[0]!;
    expect(card).toMatchObject({ id, title: '보랏빛고요 산책', excerpt: '저녁 물안개를 보며 걸었어요.', category: { slug: category.slug } });

    const edited = await client.request('PUT', `/api/square-posts/${id}`, {
      json: { square_post_category_id: category.id, title: '은빛고요 산책', content: '<p>새벽 공기가 맑았어요.</p>' },
    });
    expect(edited.status).toBe(200);
    expect(await postIds('보랏빛고요')).toEqual([]);
    expect(await postIds('물안개')).toEqual([]);
    expect(await postIds('은빛고요 새벽')).toEqual([id]);

    expect((await client.request('DELETE', `/api/square-posts/${id}`)).status).toBe(204);
    expect(await postIds('은빛고요')).toEqual([]);
    expect(await gramsOf('square_post', id)).toEqual([]);
  });

  it('leave the search while staff hide them and come back when restored', async () => {
    const author = await signedInMember(db());
    const category = await createCategory(db());
    const id: number = (await write(author.client, { square_post_category_id: category.id, title: '코발트노을 일기', content: '<p>내용</p>' })).body.data.id;
    const { client: staff } = await signedInStaff(db());
    expect((await staff.post('/api/admin/moderation/hide', { json: { model_type: 'square_post', model_id: id } })).status).toBe(200);
    expect(await postIds('코발트노을')).toEqual([]);
    expect(await postIds('코발트노을', author.client)).toEqual([]);
    expect(await gramsOf('square_post', id)).toEqual([]);
    // Even grams left behind (an index older than the hiding) find nothing: the post is read as it is now.
    await indexSearchItem(db(), 'square_post', id, ['코발트노을 일기']);
    expect(await postIds('코발트노을')).toEqual([]);
    expect((await staff.post('/api/admin/moderation/restore', { json: { model_type: 'square_post', model_id: id } })).status).toBe(200);
    expect(await postIds('코발트노을')).toEqual([id]);
  });

  it('with a password of their own are found by their title only, their body never matched nor shown', async () => {
    const author = await signedInMember(db());
    const category = await createCategory(db());
    const written = await write(author.client, {
      square_post_category_id: category.id,
      title: '남몰래일기 첫 장',
      content: '<p>청록고래를 꿈에서 봤어요.</p>',
      password: '5678',
    });
    const id: number = written.body.data.id;
    expect(await postIds('청록고래')).toEqual([]);
    expect(await gramsOf('square_post', id)).not.toContain('청록');
    // Not even when the body's grams are there: the check reads the title alone.
    await indexSearchItem(db(), 'square_post', id, ['남몰래일기 첫 장', '청록고래를 꿈에서 봤어요.']);
    expect(await postIds('청록고래')).toEqual([]);

    const card = (await search(guestClient(db()), '남몰래일기')).square_post.items[0]!;
    expect(card).toMatchObject({ id, is_protected: true, excerpt: null, thumbnail_url: null });
    expect(JSON.stringify(await search(guestClient(db()), '남몰래일기'))).not.toContain('청록고래');
    // Its author, and a browser that gave the password, read the excerpt on the card (still not matched by it).
    expect((await search(author.client, '남몰래일기')).square_post.items[0]!.excerpt).toBe('청록고래를 꿈에서 봤어요.');
    const reader = await signedInMember(db());
    expect((await reader.client.post('/api/square-posts/check-password', { json: { square_post_id: id, password: '5678' } })).status).toBe(200);
    expect((await search(reader.client, '남몰래일기')).square_post.items[0]!.excerpt).toBe('청록고래를 꿈에서 봤어요.');
    expect(await postIds('청록고래', reader.client)).toEqual([]);

    const opened = await author.client.request('PUT', `/api/square-posts/${id}`, {
      json: { square_post_category_id: category.id, title: '남몰래일기 첫 장', content: '<p>청록고래를 꿈에서 봤어요.</p>', remove_password: true },
    });
    expect(opened.status).toBe(200);
    expect(await postIds('청록고래')).toEqual([id]);
  });

  it('in a category with a password are not found at all', async () => {
    const author = await signedInMember(db());
    const lounge = await createCategory(db(), { password: '2468' });
    const written = await write(author.client, { square_post_category_id: lounge.id, title: '금빛등대 모임', content: '<p>은하수정원 이야기</p>' });
    expect(written.status).toBe(201);
    const id: number = written.body.data.id;
    expect(await gramsOf('square_post', id)).toEqual([]);
    await indexSearchItem(db(), 'square_post', id, ['금빛등대 모임', '은하수정원 이야기']);
    expect(await postIds('금빛등대')).toEqual([]);
    expect(await postIds('은하수정원', author.client)).toEqual([]);
  });

  it('written anonymously never show nor match their author', async () => {
    const author = await signedInMember(db(), { nickname: '달무리작가' });
    const category = await createCategory(db(), { allowsAnonymous: true });
    const anonymous: number = (
      await write(author.client, { square_post_category_id: category.id, title: '보름달고요', content: '<p>익명으로 써요.</p>', is_anonymous: true })
    ).body.data.id;
    const named: number = (await write(author.client, { square_post_category_id: category.id, title: '초승달고요', content: '<p>이름으로 써요.</p>' })).body.data.id;
    expect(await postIds('달무리작가')).toEqual([named]);
    const found = await search(guestClient(db()), '보름달고요');
    expect(found.square_post.items.map((post) => [post.id, post.author, post.author_name])).toEqual([[anonymous, null, '익명']]);
    expect(JSON.stringify(found)).not.toContain('달무리작가');
  });

  it('are rebuilt as the writers keep them: open posts in full, protected ones by title, hidden and locked-category ones not at all', async () => {
    const author = await signedInMember(db());
    const open = await createCategory(db());
    const lounge = await createCategory(db(), { password: '1357' });
    const plain = await createPost(db(), author.user, open, { title: '호박빛소풍 후기', contentHtml: '<p>솔방울정원에 갔어요.</p>' });
    const locked = await createPost(db(), author.user, open, { title: '호박빛소풍 비밀', contentHtml: '<p>솔방울정원 비밀</p>', password: '1111' });
    const hidden = await createPost(db(), author.user, open, { title: '호박빛소풍 숨김', hiddenAt: new Date() });
    const inLounge = await createPost(db(), author.user, lounge, { title: '호박빛소풍 라운지' });
    await rebuildSearchIndex(db());
    expect((await postIds('호박빛소풍')).sort()).toEqual([plain.id, locked.id].sort());
    expect(await postIds('솔방울정원')).toEqual([plain.id]);
    expect(await gramsOf('square_post', locked.id)).not.toContain('솔방');
    expect(await gramsOf('square_post', hidden.id)).toEqual([]);
    expect(await gramsOf('square_post', inLounge.id)).toEqual([]);
    // The demo's products are back after the rebuild.
    expect((await search(guestClient(db()), '명상 방석')).product.items.map((product) => product.title)).toEqual(['명상 방석 쿠션']);
  });
});

describe('products', () => {
  const PRODUCT = {
    title: '라일락안개 필로우 미스트',
    summary: '잠들기 전 베개에 뿌리는 향',
    description_html: '<p>유칼립투스숲 향을 더했어요.</p>',
    price: 18_000,
    sale_price: 15_000,
    stock: 5,
    status: 'on_sale',
    shipping_fee: 3000,
  };

  it('are found once the console writes them, not while hidden, by their new words after an edit, and not once deleted', async () => {
    const { client: staff } = await signedInStaff(db());
    const created = await staff.post('/api/admin/products', { json: PRODUCT });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    expect(await productIds('라일락안개')).toEqual([id]);
    expect(await productIds('유칼립투스숲')).toEqual([id]);
    expect((await search(guestClient(db()), '필로우 미스트')).product.items[0]).toMatchObject({ id, title: PRODUCT.title, sale_price: 15_000 });

    expect((await staff.request('PATCH', `/api/admin/products/${id}`, { json: { status: 'hidden' } })).status).toBe(200);
    expect(await productIds('라일락안개')).toEqual([]);
    expect(await gramsOf('product', id)).toEqual([]);
    await indexSearchItem(db(), 'product', id, [PRODUCT.title]);
    expect(await productIds('라일락안개')).toEqual([]);

    // Sold out is still in the shop, so still found.
    expect((await staff.request('PATCH', `/api/admin/products/${id}`, { json: { status: 'sold_out', title: '라일락새벽 필로우 미스트' } })).status).toBe(200);
    expect(await productIds('라일락안개')).toEqual([]);
    expect(await productIds('라일락새벽')).toEqual([id]);

    expect((await staff.request('DELETE', `/api/admin/products/${id}`)).status).toBe(204);
    expect(await productIds('라일락새벽')).toEqual([]);
    expect(await gramsOf('product', id)).toEqual([]);
  });

  it('are matched the Korean way: inside words, in any order, every word needed', async () => {
    const titles = async (q: string) => (await search(guestClient(db()), q)).product.items.map((product) => product.title);
    expect(await titles('쿠션 명상')).toEqual(['명상 방석 쿠션']);
    // 메밀 is in its one-line summary, not its title.
    expect(await titles('메밀 방석')).toEqual(['명상 방석 쿠션']);
    expect(await titles('명상 방석 그네')).toEqual([]);
    expect((await searchExplorer(db(), '티라이트')).groups.find((group) => group.kind === 'product')!.total).toBe(1);
  });
});
