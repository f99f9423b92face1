import { beforeEach, describe, expect, it } from 'vitest';
import { notices, offTheRecords, pages, products, rituals, storePages } from '../../src/server/db/schema/index.ts';
import { listSitemapEntries } from '../../src/server/modules/seo/sitemap-service.ts';
import { sitemapXml } from '../../src/server/modules/seo/sitemap-xml.ts';
import { createRecord, createRecordCategory } from '../helpers/record-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const NOW = new Date('2026-11-20T03:00:00Z');
const DAY = 24 * 3600_000;
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);

beforeEach(async () => {
  await db().delete(notices);
  await db().delete(pages);
  await db().delete(storePages);
  await db().delete(rituals);
  await db().delete(products);
});

describe('sitemap entries', () => {
  it('lists the fixed pages, published notices, published pages (terms under /terms), store pages, rituals and listed products', async () => {
    const [older, edited, , , scheduledEarlier] = await db()
      .insert(notices)
      .values([
        { title: '지난 소식', bodyHtml: '<p>a</p>', publishedAt: daysBefore(10), updatedAt: daysBefore(10) },
        { title: '고친 소식', bodyHtml: '<p>b</p>', isPinned: true, publishedAt: daysBefore(5), updatedAt: daysBefore(1) },
        { title: '예약된 소식', bodyHtml: '<p>c</p>', publishedAt: new Date(NOW.getTime() + DAY) },
        { title: '작성 중', bodyHtml: '<p>d</p>', publishedAt: null },
        // Edited while it waited for its day: it changed, for readers, on the day it appeared.
        { title: '미리 쓴 소식', bodyHtml: '<p>e</p>', publishedAt: daysBefore(2), updatedAt: daysBefore(4) },
      ])
      .returning();
    await db()
      .insert(pages)
      .values([
        { slug: 'policy', title: '이용약관', bodyHtml: '<p>약관</p>', updatedAt: daysBefore(30) },
        { slug: 'privacy', title: '개인정보처리방침', bodyHtml: '<p>방침</p>', updatedAt: daysBefore(31) },
        { slug: 'community-guide', title: '커뮤니티 가이드', bodyHtml: '<p>가이드</p>', updatedAt: daysBefore(3) },
        { slug: 'hidden', title: '숨긴 페이지', bodyHtml: '<p>숨김</p>', isPublished: false },
      ]);
    await db()
      .insert(storePages)
      .values([
        { slug: 'shipping', title: '배송 안내', bodyHtml: '<p>배송</p>', updatedAt: daysBefore(7) },
        { slug: 'draft-story', title: '준비 중', bodyHtml: '<p>준비</p>', isPublished: false },
      ]);

    const ritual = { summary: '요약', descriptionHtml: '<p>소개</p>', howItGoesHtml: '<p>진행</p>', coverImageUrl: '/c.webp', coverImageAlt: '표지' };
    const [shown] = await db()
      .insert(rituals)
      .values([
        { ...ritual, type: 'monthly', title: '아침 명상', hostName: '호스트', hostIntroduction: '소개', updatedAt: daysBefore(6) },
        { ...ritual, type: 'monthly', title: '준비 중', hostName: '호스트', hostIntroduction: '소개', isPublished: false },
      ])
      .returning();
    const { product } = await createProduct(db(), { updatedAt: daysBefore(8) });
    await createProduct(db(), { status: 'hidden' });

    const entries = await listSitemapEntries(db(), NOW);

    expect(entries).toEqual([
      { path: '/' },
      { path: '/about' },
      { path: '/notice', lastModified: daysBefore(1) },
      { path: '/faq' },
      { path: '/explorer' },
      { path: '/explorer/program' },
      { path: '/explorer/selfcare' },
      { path: `/notice/${edited!.id}`, lastModified: daysBefore(1) },
      { path: `/notice/${scheduledEarlier!.id}`, lastModified: daysBefore(2) },
      { path: `/notice/${older!.id}`, lastModified: daysBefore(10) },
      { path: '/pages/community-guide', lastModified: daysBefore(3) },
      { path: '/terms/policy', lastModified: daysBefore(30) },
      { path: '/terms/privacy', lastModified: daysBefore(31) },
      { path: '/explorer/selfcare/guide/shipping', lastModified: daysBefore(7) },
      { path: `/explorer/ritual/${shown!.id}`, lastModified: daysBefore(6) },
      { path: '/explorer/off-the-record' },
      { path: `/explorer/selfcare/${product.id}`, lastModified: daysBefore(8) },
    ]);
  });

  it('lists the fixed pages alone, without a date, when there is no content yet', async () => {
    expect(await listSitemapEntries(db(), NOW)).toEqual([
      { path: '/' },
      { path: '/about' },
      { path: '/notice' },
      { path: '/faq' },
      { path: '/explorer' },
      { path: '/explorer/program' },
      { path: '/explorer/selfcare' },
      { path: '/explorer/off-the-record' },
    ]);
  });

  it('lists each readable off-the-record record, not drafts or scheduled ones, and dates the list by the newest', async () => {
    const category = await createRecordCategory(db());
    const older = await createRecord(db(), category, { publishedAt: daysBefore(9), updatedAt: daysBefore(3) });
    const newer = await createRecord(db(), category, { publishedAt: daysBefore(6), updatedAt: daysBefore(6) });
    await createRecord(db(), category, { publishedAt: null });
    await createRecord(db(), category, { publishedAt: new Date(NOW.getTime() + DAY) });
    const entries = (await listSitemapEntries(db(), NOW)).filter((entry) => entry.path.startsWith('/explorer/off-the-record'));
    expect(entries).toEqual([
      { path: '/explorer/off-the-record', lastModified: daysBefore(3) },
      { path: `/explorer/off-the-record/${newer.id}`, lastModified: daysBefore(6) },
      { path: `/explorer/off-the-record/${older.id}`, lastModified: daysBefore(3) },
    ]);
    await db().delete(offTheRecords);
  });
});

describe('sitemap XML', () => {
  it('writes absolute, escaped locations on the public origin with W3C dates', () => {
    const xml = sitemapXml('https://ritual.example', [
      { path: '/' },
      { path: '/faq?category=a&page=2' },
      { path: '/notice/3', lastModified: new Date('2026-11-19T15:00:00Z') },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://ritual.example/</loc></url>',
        '  <url><loc>https://ritual.example/faq?category=a&amp;page=2</loc></url>',
        '  <url><loc>https://ritual.example/notice/3</loc><lastmod>2026-11-19T15:00:00.000Z</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});
