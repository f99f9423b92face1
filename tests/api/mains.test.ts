import { beforeEach, describe, expect, it } from 'vitest';
import { mainBanners, mains, notices, themes } from '../../src/server/db/schema/index.ts';
import type { NewUser } from '../../src/server/db/schema/index.ts';
import { createHomeReader, latestNotices } from '../../src/server/modules/content/main-service.ts';
import { seedHome } from '../../src/server/db/seed/home.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeEach(async () => {
  await db().delete(mains);
  await db().delete(notices);
  await db().delete(themes);
});

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const guest = () => createTestApp(db()).client();

async function signedIn(role: NewUser['role']) {
  const user = await createMember(db(), { role });
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db()).client();
  client.cookies.set('session', token);
  return client;
}

async function insertMain(title: string, publishedAt: Date | null, bannerTitles: string[] = []) {
  const [main] = await db().insert(mains).values({ title, publishedAt }).returning();
  if (bannerTitles.length > 0) {
    await db()
      .insert(mainBanners)
      .values(
        bannerTitles.map((bannerTitle, index) => ({
          mainId: main!.id,
          title: bannerTitle,
          imageUrl: `/images/home/${index}.webp`,
          imageAlt: `${bannerTitle} 그림`,
          imageWidth: 1440,
          imageHeight: 560,
          // Reversed on purpose: the answer follows sort_order, not insertion.
          sortOrder: bannerTitles.length - index,
        })),
      );
  }
  return main!;
}

describe('GET /api/mains/current', () => {
  it('answers 404 in the conventions shape when nothing is published', async () => {
    await insertMain('초안', null);
    await insertMain('다음 달', new Date(Date.now() + DAY));
    const res = await guest().get('/api/mains/current');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: '공개된 메인 화면이 없습니다.' });
  });

  it('picks the newest main published no later than now, never a scheduled or draft one', async () => {
    await insertMain('지난달 메인', ago(30 * DAY), ['지난달 배너']);
    const current = await insertMain('이번 달 메인', ago(HOUR), ['첫 배너', '둘째 배너']);
    await insertMain('예약된 메인', new Date(Date.now() + HOUR), ['아직 아님']);
    await insertMain('작성 중인 메인', null, ['초안 배너']);
    const res = await guest().get('/api/mains/current');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body.data).toMatchObject({ id: current.id, title: '이번 달 메인' });
    expect(res.body.data.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(res.body.data.banners.map((b: { title: string }) => b.title)).toEqual(['둘째 배너', '첫 배너']);
    expect(res.body.data.banners[0]).toEqual({
      id: expect.any(Number),
      title: '둘째 배너',
      subtitle: null,
      image_url: '/images/home/1.webp',
      image_alt: '둘째 배너 그림',
      image_width: 1440,
      image_height: 560,
      link_url: null,
      background_color: null,
      sort_order: 1,
    });
  });

  it('has banners, notices, themes, rituals, programmes and records, and no placeholder for sections not built yet', async () => {
    await insertMain('이번 달 메인', ago(HOUR));
    const res = await guest().get('/api/mains/current');
    expect(Object.keys(res.body.data).sort()).toEqual(['banners', 'id', 'notices', 'off_the_records', 'programs', 'published_at', 'rituals', 'themes', 'title']);
  });

  it('lists the three newest published notices, pinned or not, and never a draft or a scheduled one', async () => {
    await insertMain('이번 달 메인', ago(HOUR));
    await db()
      .insert(notices)
      .values([
        { title: '오래된 고정 공지', bodyHtml: '<p>a</p>', isPinned: true, publishedAt: ago(40 * DAY) },
        { title: '가장 오래된 공지', bodyHtml: '<p>b</p>', publishedAt: ago(50 * DAY) },
        { title: '셋째로 새 공지', bodyHtml: '<p>c</p>', publishedAt: ago(3 * DAY) },
        { title: '둘째로 새 고정 공지', bodyHtml: '<p>d</p>', isPinned: true, publishedAt: ago(2 * DAY) },
        { title: '가장 새 공지', bodyHtml: '<p>e</p>', publishedAt: ago(DAY) },
        { title: '작성 중인 공지', bodyHtml: '<p>f</p>', publishedAt: null },
        { title: '내일 올라갈 공지', bodyHtml: '<p>g</p>', isPinned: true, publishedAt: new Date(Date.now() + DAY) },
      ]);
    const res = await guest().get('/api/mains/current');
    expect(res.body.data.notices.map((n: { title: string }) => n.title)).toEqual(['가장 새 공지', '둘째로 새 고정 공지', '셋째로 새 공지']);
    expect(res.body.data.notices[1]).toEqual({
      id: expect.any(Number),
      title: '둘째로 새 고정 공지',
      is_pinned: true,
      published_at: expect.stringMatching(/Z$/),
    });
  });

  it('lists the active themes in their order', async () => {
    await insertMain('이번 달 메인', ago(HOUR));
    await db()
      .insert(themes)
      .values([
        { name: '기록하기', description: '쓰면서 정리해요.', sortOrder: 3 },
        { name: '마음 돌보기', description: '나를 살펴요.', sortOrder: 1 },
        { name: '쉬는 중인 테마', description: '지금은 없어요.', sortOrder: 2, isActive: false },
      ]);
    const res = await guest().get('/api/mains/current');
    expect(res.body.data.themes.map((t: { name: string }) => t.name)).toEqual(['마음 돌보기', '기록하기']);
  });
});

describe('GET /api/mains/{id}', () => {
  it('shows a published main to anyone, with the same shape as the current one', async () => {
    const old = await insertMain('지난달 메인', ago(30 * DAY), ['지난달 배너']);
    await insertMain('이번 달 메인', ago(HOUR));
    const res = await guest().get(`/api/mains/${old.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: old.id, title: '지난달 메인', banners: [{ title: '지난달 배너' }], notices: [], themes: [] });
  });

  it('hides drafts and scheduled mains from guests and members as if they did not exist', async () => {
    const draft = await insertMain('작성 중인 메인', null);
    const scheduled = await insertMain('예약된 메인', new Date(Date.now() + DAY));
    const member = await signedIn('member');
    for (const client of [guest(), member]) {
      for (const id of [draft.id, scheduled.id, 999_999]) {
        const res = await client.get(`/api/mains/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '메인 화면을 찾을 수 없습니다.' });
      }
    }
  });

  it('lets staff and admins preview a draft or scheduled main, kept out of shared caches', async () => {
    const draft = await insertMain('작성 중인 메인', null, ['새 배너']);
    const scheduled = await insertMain('예약된 메인', new Date(Date.now() + DAY));
    for (const role of ['staff', 'admin'] as const) {
      const client = await signedIn(role);
      const res = await client.get(`/api/mains/${draft.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: draft.id, published_at: null, banners: [{ title: '새 배너' }] });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect((await client.get(`/api/mains/${scheduled.id}`)).body.data.title).toBe('예약된 메인');
    }
    expect((await (await signedIn('staff')).get('/api/mains/999999')).status).toBe(404);
  });

  it('answers 404 for ids that cannot name a main, without a server error', async () => {
    const client = await signedIn('staff');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      const res = await client.get(`/api/mains/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: '메인 화면을 찾을 수 없습니다.' });
    }
  });
});

describe('the home reader', () => {
  it('keeps the home for a few seconds only, then reads the newly published main', async () => {
    const read = createHomeReader(db(), 200);
    expect((await read()).main).toBeNull();
    await insertMain('방금 공개한 메인', ago(1000));
    expect((await read()).main).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await read()).main?.title).toBe('방금 공개한 메인');
  });

  it('answers concurrent first visits with one read', async () => {
    await insertMain('이번 달 메인', ago(HOUR));
    const read = createHomeReader(db());
    const [a, b] = await Promise.all([read(), read()]);
    expect(a).toBe(b);
  });

  it('merges pinned and unpinned notices by date, up to the limit', async () => {
    await db()
      .insert(notices)
      .values(Array.from({ length: 5 }, (_, i) => ({ title: `공지 ${i}`, bodyHtml: '<p>x</p>', isPinned: i % 2 === 0, publishedAt: ago((i + 1) * HOUR) })));
    expect((await latestNotices(db(), new Date(), 2)).map((n) => n.title)).toEqual(['공지 0', '공지 1']);
  });
});

describe('the demo home', () => {
  it('publishes one current main with the three banners, and keeps last month and the scheduled one out', async () => {
    await seedHome(db());
    const res = await guest().get('/api/mains/current');
    expect(res.status).toBe(200);
    const banners = res.body.data.banners as Array<{ title: string; link_url: string; image_url: string }>;
    expect(banners.map((b) => b.link_url)).toEqual(['/explorer', '/explorer/program', '/explorer/selfcare']);
    expect(banners[0]!.title).toMatch(/^\d{1,2}월 리추얼 멤버를 모집해요$/);
    expect(banners.map((b) => b.image_url)).toEqual([
      '/images/home/ritual-december-1440.webp',
      '/images/home/oneday-class-1440.webp',
      '/images/home/selfcare-tools-1440.webp',
    ]);
    expect(res.text).not.toContain('보이지 않아야');
  });
});
