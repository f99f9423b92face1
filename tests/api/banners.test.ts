import { beforeEach, describe, expect, it } from 'vitest';
import { banners } from '../../src/server/db/schema/index.ts';
import { createBannerReader } from '../../src/server/modules/content/banner-service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
beforeEach(async () => {
  await testDb().database.db.delete(banners);
});

const HOUR = 3600_000;
const current = (db = testDb().database.db) => createTestApp(db).client().get('/api/banners/current?type=header_text_banner');

describe('GET /api/banners/current', () => {
  it('answers {data: null} when no banner is showing', async () => {
    const res = await current();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
  });

  it('answers the active banner inside its dates with the highest sort order', async () => {
    const db = testDb().database.db;
    const now = Date.now();
    await db.insert(banners).values([
      { type: 'header_text_banner', text: '꺼진 배너', isActive: false, sortOrder: 100 },
      { type: 'header_text_banner', text: '아직 시작 전', startsAt: new Date(now + HOUR), sortOrder: 90 },
      { type: 'header_text_banner', text: '이미 끝남', endsAt: new Date(now - HOUR), sortOrder: 80 },
      { type: 'store_banner', text: '다른 종류', sortOrder: 70 },
      { type: 'header_text_banner', text: '낮은 순서', sortOrder: 1 },
      {
        type: 'header_text_banner',
        text: '12월 리추얼 모집 중',
        link: '/explorer',
        sortOrder: 10,
        startsAt: new Date('2026-11-01T00:00:00Z'),
        endsAt: new Date(now + HOUR),
      },
    ]);
    const res = await current();
    expect(res.body.data).toMatchObject({
      type: 'header_text_banner',
      text: '12월 리추얼 모집 중',
      link: '/explorer',
      starts_at: '2026-11-01T00:00:00.000000Z',
    });
    expect(res.body.data.ends_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('requires a known type', async () => {
    const client = createTestApp(testDb().database.db).client();
    const missing = await client.get('/api/banners/current');
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['type']);
    expect((await client.get('/api/banners/current?type=popup')).status).toBe(422);
  });

  it('keeps the answer for a few seconds only, then reads the change', async () => {
    const db = testDb().database.db;
    const read = createBannerReader(db, 200);
    expect(await read('header_text_banner')).toBeNull();
    await db.insert(banners).values({ type: 'header_text_banner', text: '새 배너' });
    expect(await read('header_text_banner')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await read('header_text_banner'))?.text).toBe('새 배너');
  });
});
