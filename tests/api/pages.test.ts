import { beforeEach, describe, expect, it } from 'vitest';
import { pages, storePages } from '../../src/server/db/schema/index.ts';
import { seedPages } from '../../src/server/db/seed/pages.ts';
import { env } from '../../src/server/env.ts';
import { sanitizeStaffHtml } from '../../src/server/html/sanitize.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const client = () => createTestApp(db()).client();

beforeEach(async () => {
  await db().delete(pages);
  await db().delete(storePages);
});

describe('GET /api/pages/{slug}', () => {
  it('answers a published page with its effective date', async () => {
    const [page] = await db()
      .insert(pages)
      .values({
        slug: 'policy',
        title: '이용약관',
        description: '서비스 이용 조건을 안내합니다.',
        bodyHtml: '<h2>제1조(목적)</h2><p>이 약관은…</p>',
        effectiveAt: new Date('2026-11-01T00:00:00+09:00'),
      })
      .returning();
    const res = await client().get('/api/pages/policy');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body).toEqual({
      data: {
        id: page!.id,
        slug: 'policy',
        title: '이용약관',
        description: '서비스 이용 조건을 안내합니다.',
        body_html: '<h2>제1조(목적)</h2><p>이 약관은…</p>',
        effective_at: '2026-10-31T15:00:00.000000Z',
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      },
    });
  });

  it('answers 404 in Korean for an unknown, unpublished or malformed slug', async () => {
    await db().insert(pages).values({ slug: 'old-terms', title: '지난 약관', bodyHtml: '<p>지난</p>', isPublished: false });
    for (const slug of ['no-such-page', 'old-terms', 'Policy', '..%2Fetc', 'a'.repeat(101)]) {
      const res = await client().get(`/api/pages/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body).toEqual({ message: '요청하신 페이지를 찾을 수 없습니다.' });
    }
  });
});

describe('GET /api/store-pages/{slug}', () => {
  it('answers a published store page', async () => {
    const [page] = await db()
      .insert(storePages)
      .values({ slug: 'shipping', title: '배송 안내', description: '배송 기간과 비용', bodyHtml: '<p>평일 오후 2시까지</p>' })
      .returning();
    const res = await client().get('/api/store-pages/shipping');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: page!.id,
        slug: 'shipping',
        title: '배송 안내',
        description: '배송 기간과 비용',
        image_url: null,
        body_html: '<p>평일 오후 2시까지</p>',
        updated_at: expect.stringMatching(/Z$/),
      },
    });
  });

  it('answers 404 in Korean for an unknown or unpublished store page, and does not serve pages', async () => {
    await db().insert(storePages).values({ slug: 'returns', title: '교환·환불 안내', bodyHtml: '<p>준비 중</p>', isPublished: false });
    await db().insert(pages).values({ slug: 'policy', title: '이용약관', bodyHtml: '<p>약관</p>' });
    for (const slug of ['returns', 'no-such-page', 'policy']) {
      const res = await client().get(`/api/store-pages/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body).toEqual({ message: '요청하신 스토어 안내 페이지를 찾을 수 없습니다.' });
    }
  });
});

describe('the demo pages', () => {
  it('has both terms in force with their articles, the other pages and the three store pages', async () => {
    const now = new Date();
    await seedPages(db(), now);
    for (const slug of ['policy', 'privacy']) {
      const page = (await client().get(`/api/pages/${slug}`)).body.data;
      expect(new Date(page.effective_at).getTime(), slug).toBeLessThanOrEqual(now.getTime());
      expect(page.body_html).toContain('<h2>제1조');
      expect(page.body_html).toContain(env.COMPANY_NAME);
    }
    const privacy = (await client().get('/api/pages/privacy')).body.data.body_html;
    expect(privacy).toMatch(/대금결제 및 재화 등의 공급에 관한 기록<\/td><td>[^<]+<\/td><td>5년/);
    expect(privacy).toContain(env.COMPANY_EMAIL);
    for (const slug of ['community-guidelines', 'marketing']) expect((await client().get(`/api/pages/${slug}`)).status, slug).toBe(200);
    for (const slug of ['brand-story', 'shipping', 'returns']) {
      const res = await client().get(`/api/store-pages/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(res.body.data.body_html).toBe(sanitizeStaffHtml(res.body.data.body_html));
    }
  });
});
