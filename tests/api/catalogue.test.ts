import { beforeEach, describe, expect, it } from 'vitest';
import { badges, businesses, envs, themes } from '../../src/server/db/schema/index.ts';
import { seedCatalogue } from '../../src/server/db/seed/catalogue.ts';
import { sanitizeStaffHtml } from '../../src/server/html/sanitize.ts';
import { createPublicEnvReader } from '../../src/server/modules/content/catalogue-service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const get = (path: string) => createTestApp(db()).client().get(path);

beforeEach(async () => {
  await db().delete(themes);
  await db().delete(badges);
  await db().delete(businesses);
  await db().delete(envs);
});

describe('themes', () => {
  it('lists the active themes in their order', async () => {
    await db()
      .insert(themes)
      .values([
        { name: '관계 맺기', description: '함께 자라요.', sortOrder: 4 },
        { name: '마음 돌보기', description: '나를 살펴요.', sortOrder: 1, imageUrl: '/images/themes/mind.webp' },
        { name: '쉬는 중인 테마', description: '지금은 없어요.', sortOrder: 2, isActive: false },
        { name: '몸 깨우기', description: '움직여요.', sortOrder: 1 },
      ]);
    const res = await get('/api/themes');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body.data.map((t: { name: string }) => t.name)).toEqual(['마음 돌보기', '몸 깨우기', '관계 맺기']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      name: '마음 돌보기',
      description: '나를 살펴요.',
      image_url: '/images/themes/mind.webp',
      sort_order: 1,
    });
  });

  it('answers an empty list when there is none', async () => {
    expect((await get('/api/themes')).body).toEqual({ data: [] });
  });

  it('shows one active theme, and 404 for an inactive, unknown or malformed id', async () => {
    const [active, inactive] = await db()
      .insert(themes)
      .values([
        { name: '기록하기', description: '쓰면서 정리해요.' },
        { name: '쉬는 중인 테마', description: '지금은 없어요.', isActive: false },
      ])
      .returning();
    const res = await get(`/api/themes/${active!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: active!.id, name: '기록하기', description: '쓰면서 정리해요.', image_url: null });
    for (const id of [String(inactive!.id), '999999', 'abc', '0', '99999999999']) {
      const missing = await get(`/api/themes/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ message: '테마를 찾을 수 없습니다.' });
    }
  });
});

describe('GET /api/badges', () => {
  it('lists every badge in its order with its colours', async () => {
    await db()
      .insert(badges)
      .values([
        { name: '인기', textColor: '#ffffff', backgroundColor: '#b91c1c', sortOrder: 3 },
        { name: 'NEW', textColor: '#ffffff', backgroundColor: '#c2410c', sortOrder: 1 },
        { name: '마감임박', textColor: '#ffffff', backgroundColor: '#1d1d1f', sortOrder: 2 },
      ]);
    const res = await get('/api/badges');
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { name: string }) => b.name)).toEqual(['NEW', '마감임박', '인기']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'NEW',
      text_color: '#ffffff',
      background_color: '#c2410c',
      sort_order: 1,
    });
  });
});

describe('GET /api/businesses/{id}', () => {
  it('shows a published business with its stored, sanitised body', async () => {
    const bodyHtml = sanitizeStaffHtml('<h2>팀 리추얼</h2><p onclick="steal()">매주 월요일 <script>alert(1)</script>회고해요.</p>');
    const [business] = await db()
      .insert(businesses)
      .values({ name: '주식회사 느린숲', summary: '팀의 아침을 바꾸는 리추얼', bodyHtml, websiteUrl: 'https://slowforest.example' })
      .returning();
    const res = await get(`/api/businesses/${business!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: business!.id,
      name: '주식회사 느린숲',
      summary: '팀의 아침을 바꾸는 리추얼',
      body_html: '<h2>팀 리추얼</h2><p>매주 월요일 회고해요.</p>',
      logo_url: null,
      website_url: 'https://slowforest.example',
    });
  });

  it('answers 404 for an unpublished, unknown or malformed id', async () => {
    const [hidden] = await db()
      .insert(businesses)
      .values({ name: '준비 중인 회사', summary: '곧 공개', bodyHtml: '<p>곧</p>', isPublished: false })
      .returning();
    for (const id of [String(hidden!.id), '999999', 'abc', '2147483648']) {
      const res = await get(`/api/businesses/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: '기업 정보를 찾을 수 없습니다.' });
    }
  });
});

describe('GET /api/envs/{name}', () => {
  beforeEach(async () => {
    await db()
      .insert(envs)
      .values([
        { name: 'customer_center_hours', value: '평일 10:00–18:00', isPublic: true },
        { name: 'ritual_apply_limits', value: { per_month: 3, waitlist: true }, isPublic: true },
        { name: 'payment_webhook_secret_hint', value: 'whsec_…', isPublic: false },
      ]);
  });

  it('answers a public setting with its JSON value', async () => {
    const text = await get('/api/envs/customer_center_hours');
    expect(text.status).toBe(200);
    expect(text.body).toEqual({ data: { name: 'customer_center_hours', value: '평일 10:00–18:00' } });
    const object = await get('/api/envs/ritual_apply_limits');
    expect(object.body).toEqual({ data: { name: 'ritual_apply_limits', value: { per_month: 3, waitlist: true } } });
  });

  it('answers a private setting exactly as an unknown one, so private names cannot be probed', async () => {
    const secret = await get('/api/envs/payment_webhook_secret_hint');
    const unknown = await get('/api/envs/no_such_setting');
    const odd = await get(`/api/envs/${encodeURIComponent("x' or '1'='1")}`);
    for (const res of [secret, unknown, odd]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '설정을 찾을 수 없습니다.' });
    }
    expect(secret.text).toBe(unknown.text);
    expect(secret.text).not.toContain('whsec');
  });
});

describe('the public settings pages read', () => {
  it('keep a value for a few seconds, and never read a private one', async () => {
    await db().insert(envs).values({ name: 'payment_webhook_secret_hint', value: '비밀', isPublic: false });
    const read = createPublicEnvReader(db(), 200);
    expect(await read('customer_center_hours')).toBeUndefined();
    expect(await read('payment_webhook_secret_hint')).toBeUndefined();
    await db().insert(envs).values({ name: 'customer_center_hours', value: '평일 10:00–18:00', isPublic: true });
    expect(await read('customer_center_hours')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await read('customer_center_hours')).toBe('평일 10:00–18:00');
  });
});

describe('the demo catalogue', () => {
  it('has the five themes, four badges, two published businesses and settings public and private', async () => {
    await seedCatalogue(db());
    const themeNames = (await get('/api/themes')).body.data.map((t: { name: string }) => t.name);
    expect(themeNames).toEqual(['마음 돌보기', '몸 깨우기', '기록하기', '관계 맺기', '배우고 성장하기']);
    const badgeNames = (await get('/api/badges')).body.data.map((b: { name: string }) => b.name);
    expect(badgeNames).toEqual(['NEW', '마감임박', '인기', '얼리버드']);
    const [first] = await db().select({ id: businesses.id }).from(businesses).orderBy(businesses.id).limit(1);
    const business = await get(`/api/businesses/${first!.id}`);
    expect(business.body.data.body_html).toMatch(/^<h2>팀 소개<\/h2><p>/);
    expect((await get('/api/envs/customer_center_hours')).body.data.value).toBe('평일 10:00–18:00 (점심 12:30–13:30, 주말·공휴일 휴무)');
    expect((await get('/api/envs/ritual_apply_notice')).status).toBe(200);
    expect((await get('/api/envs/payment_webhook_secret_hint')).status).toBe(404);
  });
});
