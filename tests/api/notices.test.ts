import { beforeEach, describe, expect, it } from 'vitest';
import { notices } from '../../src/server/db/schema/index.ts';
import { seedNotices } from '../../src/server/db/seed/notices.ts';
import { sanitizeStaffHtml } from '../../src/server/html/sanitize.ts';
import { excerptOf } from '../../src/server/modules/content/notice-service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const client = () => createTestApp(db()).client();

const DAY = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

beforeEach(async () => {
  await db().delete(notices);
});

/** Notices published one day apart, `count` of them, the newest first in the returned list. */
async function insertNotices(count: number, from = 1) {
  const rows = Array.from({ length: count }, (_, index) => ({
    title: `공지 ${from + index}`,
    bodyHtml: `<p>본문 ${from + index}</p>`,
    publishedAt: daysAgo(from + index),
  }));
  return db().insert(notices).values(rows).returning();
}

describe('GET /api/notices', () => {
  it('lists published notices, pinned first then newest, with page meta and no body', async () => {
    await db()
      .insert(notices)
      .values([
        { title: '지난달 소식', bodyHtml: '<p>지난달</p>', publishedAt: daysAgo(30) },
        { title: '어제 소식', bodyHtml: '<h2>안내</h2><p>어제 &amp; 오늘의 <strong>소식</strong>이에요.</p>', publishedAt: daysAgo(1) },
        { title: '고정된 옛 공지', bodyHtml: '<p>고정</p>', isPinned: true, publishedAt: daysAgo(60) },
        { title: '고정된 새 공지', bodyHtml: '<p>고정 새</p>', isPinned: true, publishedAt: daysAgo(2) },
        { title: '작성 중', bodyHtml: '<p>초안</p>', publishedAt: null },
        { title: '예약된 공지', bodyHtml: '<p>예약</p>', isPinned: true, publishedAt: new Date(Date.now() + DAY) },
      ]);
    const res = await client().get('/api/notices');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body.data.map((n: { title: string }) => n.title)).toEqual(['고정된 새 공지', '고정된 옛 공지', '어제 소식', '지난달 소식']);
    expect(res.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 4 });
    const yesterday = res.body.data[2];
    expect(yesterday).toEqual({
      id: expect.any(Number),
      title: '어제 소식',
      excerpt: '안내 어제 & 오늘의 소식이에요.',
      is_pinned: false,
      published_at: expect.stringMatching(API_TIME),
    });
    expect(res.text).not.toContain('body_html');
  });

  it('pages with page and per_page', async () => {
    await insertNotices(23);
    const first = await client().get('/api/notices');
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 10, total: 23 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0].title).toBe('공지 1');

    const third = await client().get('/api/notices?page=3');
    expect(third.body.meta).toEqual({ current_page: 3, last_page: 3, per_page: 10, total: 23 });
    expect(third.body.data.map((n: { title: string }) => n.title)).toEqual(['공지 21', '공지 22', '공지 23']);

    const custom = await client().get('/api/notices?page=2&per_page=5');
    expect(custom.body.meta).toEqual({ current_page: 2, last_page: 5, per_page: 5, total: 23 });
    expect(custom.body.data.map((n: { title: string }) => n.title)).toEqual(['공지 6', '공지 7', '공지 8', '공지 9', '공지 10']);

    const beyond = await client().get('/api/notices?page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ data: [], meta: { current_page: 9, last_page: 3, per_page: 10, total: 23 } });

    expect((await client().get('/api/notices?per_page=50')).body.data).toHaveLength(23);
  });

  it('answers an empty first page when nothing is published', async () => {
    await db().insert(notices).values({ title: '초안', bodyHtml: '<p>초안</p>' });
    const res = await client().get('/api/notices');
    expect(res.body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=51', 'per_page'],
    ['per_page=ten', 'per_page'],
  ])('refuses %s with 422 in Korean', async (query, field) => {
    const res = await client().get(`/api/notices?${query}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toMatch(/정수여야 합니다/);
  });
});

describe('GET /api/notices/{id}', () => {
  it('shows a notice with its body and its neighbours in the list', async () => {
    const [pinned] = await db()
      .insert(notices)
      .values({ title: '고정 공지', bodyHtml: '<p>고정</p>', isPinned: true, publishedAt: daysAgo(40) })
      .returning();
    const [newest, middle, oldest] = await insertNotices(3);
    await db().insert(notices).values([
      { title: '초안', bodyHtml: '<p>초안</p>' },
      { title: '예약', bodyHtml: '<p>예약</p>', publishedAt: new Date(Date.now() + DAY) },
    ]);

    const res = await client().get(`/api/notices/${middle!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: middle!.id,
      title: '공지 2',
      body_html: '<p>본문 2</p>',
      is_pinned: false,
      published_at: expect.stringMatching(API_TIME),
      updated_at: expect.stringMatching(API_TIME),
      previous: { id: newest!.id, title: '공지 1' },
      next: { id: oldest!.id, title: '공지 3' },
    });

    const top = await client().get(`/api/notices/${pinned!.id}`);
    expect(top.body.data.previous).toBeNull();
    expect(top.body.data.next).toEqual({ id: newest!.id, title: '공지 1' });
    expect((await client().get(`/api/notices/${newest!.id}`)).body.data.previous).toEqual({ id: pinned!.id, title: '고정 공지' });
    // The draft and the scheduled notice are nobody's neighbour.
    expect((await client().get(`/api/notices/${oldest!.id}`)).body.data.next).toBeNull();
  });

  it('answers 404 for an unknown, malformed, draft or scheduled notice', async () => {
    const [draft, scheduled] = await db()
      .insert(notices)
      .values([
        { title: '초안', bodyHtml: '<p>초안</p>' },
        { title: '예약', bodyHtml: '<p>예약</p>', publishedAt: new Date(Date.now() + DAY) },
      ])
      .returning();
    for (const id of [draft!.id, scheduled!.id, 999999, 'abc', '1e2', '0', '99999999999']) {
      const res = await client().get(`/api/notices/${id}`);
      expect(res.status, `id ${id}`).toBe(404);
      expect(res.body).toEqual({ message: '공지사항을 찾을 수 없습니다.' });
    }
  });
});

describe('excerptOf', () => {
  it('keeps words of separate blocks apart, decodes entities and shortens long text', () => {
    expect(excerptOf('<p>첫 문단</p><p>둘째&nbsp;문단 &lt;꼭&gt;</p><ul><li>하나</li><li>둘</li></ul>')).toBe('첫 문단 둘째 문단 <꼭> 하나 둘');
    expect(excerptOf(`<p>${'가'.repeat(200)}</p>`, 10)).toBe(`${'가'.repeat(10)}…`);
  });
});

describe('the demo notices', () => {
  it('fill two pages, pin two, and keep the scheduled one and the draft out of sight', async () => {
    await seedNotices(db());
    const first = await client().get('/api/notices');
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 14 });
    const pinned = first.body.data.filter((n: { is_pinned: boolean }) => n.is_pinned);
    expect(pinned.map((n: { title: string }) => n.title)).toEqual([expect.stringMatching(/^\d{1,2}월 리추얼 참여자 모집 안내$/), '개인정보처리방침 개정 안내']);
    const all = [...first.body.data, ...(await client().get('/api/notices?page=2')).body.data].map((n: { title: string }) => n.title);
    expect(all).toHaveLength(14);
    expect(all).not.toContain('새해 리추얼 얼리버드 모집 예고');
    expect(all).not.toContain('겨울 오프라인 모임 안내 (작성 중)');
    const stored = await db().select().from(notices);
    for (const notice of stored) expect(notice.bodyHtml).toBe(sanitizeStaffHtml(notice.bodyHtml));
  });
});
