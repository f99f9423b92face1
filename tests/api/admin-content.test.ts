import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, pageVersions } from '../../src/server/db/schema/index.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeEach(async () => {
  await db().delete(auditLogs);
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Create, update and delete through the console, checking each step where guests read it. */
async function roundTrip(
  client: TestClient,
  path: string,
  body: Record<string, unknown>,
  change: Record<string, unknown>,
  publicRead: () => Promise<{ status: number; body: { data?: unknown } }>,
  shows: (data: unknown, expected: Record<string, unknown>) => void,
) {
  const created = await client.post(`/api/admin/${path}`, { json: body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id: number = created.body.data.id;
  // Each read is a fresh app: the in-process readers of a running server keep a few seconds.
  shows((await publicRead()).body.data, body);
  const updated = await client.request('PATCH', `/api/admin/${path}/${id}`, { json: change });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  shows((await publicRead()).body.data, { ...body, ...change });
  expect((await client.request('DELETE', `/api/admin/${path}/${id}`)).status).toBe(204);
  return id;
}

describe('content in the console', () => {
  it('header banners, home mains, FAQ, store guides, themes, badges and envs reach their public endpoints', async () => {
    const { user, client } = await signedInStaff(db());
    const guest = () => guestClient(db());

    const bannerId = await roundTrip(
      client,
      'banners',
      { type: 'header_text_banner', text: '12월 리추얼 모집 중', link: '/explorer', starts_at: ago(10), sort_order: 1000 },
      { text: '12월 리추얼 마감 임박' },
      () => guest().get('/api/banners/current?type=header_text_banner'),
      (data, expected) => expect(data).toMatchObject({ text: expected.text, link: '/explorer' }),
    );
    expect((await guest().get('/api/banners/current?type=header_text_banner')).body.data?.id).not.toBe(bannerId);

    const main = await client.post('/api/admin/mains', { json: { title: '12월 홈', published_at: ago(1) } });
    expect(main.status).toBe(201);
    const mainBanner = await client.post('/api/admin/main-banners', {
      json: { main_id: main.body.data.id, title: '겨울 리추얼', image_url: '/images/winter.jpg', image_alt: '눈 덮인 숲', image_width: 1200, image_height: 600, sort_order: 1 },
    });
    expect(mainBanner.status).toBe(201);
    const home = await guest().get('/api/mains/current');
    expect(home.body.data.id).toBe(main.body.data.id);
    expect(JSON.stringify(home.body.data)).toContain('겨울 리추얼');

    const category = await client.post('/api/admin/faq-categories', { json: { name: '결제', slug: 'payment-test' } });
    expect(category.status).toBe(201);
    expect((await client.post('/api/admin/faq-categories', { json: { name: '결제2', slug: 'payment-test' } })).body.errors.slug).toEqual(['이미 쓰고 있는 주소예요.']);
    await roundTrip(
      client,
      'faqs',
      { faq_category_id: category.body.data.id, question: '환불은 언제 되나요?', answer_html: '<p>3일 안에 돼요.</p><img src=x onerror=alert(1)>' },
      { question: '환불은 며칠 걸리나요?' },
      () => guest().get(`/api/faqs?faq_category_id=${category.body.data.id}`),
      (data, expected) => {
        expect(JSON.stringify(data)).toContain(expected.question as string);
        expect(JSON.stringify(data)).not.toContain('onerror');
      },
    );
    const kept = await client.post('/api/admin/faqs', { json: { faq_category_id: category.body.data.id, question: '배송은요?', answer_html: '<p>이틀</p>' } });
    const refused = await client.request('DELETE', `/api/admin/faq-categories/${category.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('질문이 있는 분류는 지울 수 없어요. 질문을 먼저 옮기거나 지워 주세요.');
    expect((await client.request('DELETE', `/api/admin/faqs/${kept.body.data.id}`)).status).toBe(204);
    expect((await client.request('DELETE', `/api/admin/faq-categories/${category.body.data.id}`)).status).toBe(204);

    await roundTrip(
      client,
      'store-pages',
      { slug: 'gift-wrap', title: '선물 포장 안내', body_html: '<p>무료로 포장해 드려요.</p>' },
      { title: '선물 포장 안내 (개정)' },
      () => guest().get('/api/store-pages/gift-wrap'),
      (data, expected) => expect(data).toMatchObject({ title: expected.title }),
    );

    await roundTrip(
      client,
      'themes',
      { name: '몰입', description: '한 가지에 깊이 빠지는 시간' },
      { name: '깊은 몰입' },
      () => guest().get('/api/themes'),
      (data, expected) => expect((data as { name: string }[]).map((theme) => theme.name)).toContain(expected.name),
    );
    await roundTrip(
      client,
      'badges',
      { name: '한정', text_color: '#ffffff', background_color: '#aa3300' },
      { name: '한정판' },
      () => guest().get('/api/badges'),
      (data, expected) => expect((data as { name: string }[]).map((badge) => badge.name)).toContain(expected.name),
    );
    expect((await client.post('/api/admin/badges', { json: { name: '색', text_color: 'red', background_color: '#000' } })).body.errors.text_color).toHaveLength(1);

    await roundTrip(
      client,
      'envs',
      { name: 'apply.notice', value: { text: '신청은 매달 20일부터' }, is_public: true },
      { value: { text: '신청은 매달 25일부터' } },
      () => guest().get('/api/envs/apply.notice'),
      (data, expected) => expect(data).toEqual({ name: 'apply.notice', value: expected.value }),
    );

    const trail = await db().select().from(auditLogs).where(eq(auditLogs.actorId, user.id));
    const kinds = new Set(trail.map((row) => `${row.modelType}:${row.action}`));
    for (const kind of ['banner', 'main', 'main_banner', 'faq_category', 'faq', 'store_page', 'theme', 'badge', 'env']) expect(kinds).toContain(`${kind}:create`);
    for (const kind of ['banner', 'faq', 'store_page', 'theme', 'badge', 'env']) {
      expect(kinds).toContain(`${kind}:update`);
      expect(kinds).toContain(`${kind}:delete`);
    }
  });

  it('keeps the old text of terms when their effective date changes, and lists the versions', async () => {
    const { client } = await signedInStaff(db());
    const created = await client.post('/api/admin/pages', {
      json: { slug: 'policy-test', title: '이용약관', body_html: '<p>제1조 (목적)</p>', effective_at: '2026-01-01T00:00:00+09:00' },
    });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    const versions = () => client.get(`/api/admin/pages/${id}/versions`);

    // A correction on the same effective date is not a new version.
    await client.request('PATCH', `/api/admin/pages/${id}`, { json: { body_html: '<p>제1조 (목적) 오타 수정</p>' } });
    expect((await versions()).body.data).toEqual([]);

    const revised = await client.request('PATCH', `/api/admin/pages/${id}`, {
      json: { body_html: '<p>제1조 (목적) 개정</p>', effective_at: '2026-12-01T00:00:00+09:00' },
    });
    expect(revised.status).toBe(200);
    const listed = await versions();
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ title: '이용약관', body_html: '<p>제1조 (목적) 오타 수정</p>', effective_at: '2025-12-31T15:00:00.000000Z' });

    const read = await guestClient(db()).get('/api/pages/policy-test');
    expect(read.body.data.body_html).toBe('<p>제1조 (목적) 개정</p>');
    expect(await db().select().from(pageVersions).where(eq(pageVersions.pageId, id))).toHaveLength(1);

    const bad = await client.post('/api/admin/pages', { json: { slug: 'Policy Test', title: '', body_html: '' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body_html', 'slug', 'title']);
    expect((await client.get('/api/admin/pages/999999/versions')).status).toBe(404);
  });
});
