import { expect, test } from '@playwright/test';
import { seriousViolations } from './a11y.ts';

// The demo season (src/server/db/seed/rituals.ts): 아침 10분 명상 has two sessions next month
// (새벽반 and 저녁반) and one the month after, whose recruiting opens later.
const RITUAL = '아침 10분 명상';
const THEME = '몸 깨우기';

test('a guest goes from the banner to the explorer, filters by a theme, opens a ritual and switches session', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('complementary', { name: '안내 배너' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/explorer$/);
  await expect(page.getByRole('heading', { level: 1, name: '월간 리추얼' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '프로그램 메뉴' }).getByRole('link', { name: '월간 리추얼' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: '마감 임박' })).toBeVisible();
  await expect(page.getByText('마감', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const themes = page.getByRole('navigation', { name: '테마' });
  await themes.getByRole('link', { name: THEME }).click();
  await expect(page).toHaveURL(/\/explorer\?theme=\d+$/);
  await expect(themes.getByRole('link', { name: THEME })).toHaveAttribute('aria-current', 'page');
  const grid = page.getByRole('region', { name: `${THEME} 리추얼` });
  await expect(grid.getByRole('heading', { name: '아침 스트레칭 15분' })).toBeVisible();
  await expect(grid.getByRole('heading', { name: RITUAL })).toHaveCount(0);

  await themes.getByRole('link', { name: '전체' }).click();
  const all = page.getByRole('region', { name: '모든 리추얼' });
  await all.getByRole('link', { name: RITUAL }).click();
  // The card leads to the session it shows.
  await expect(page).toHaveURL(/\/explorer\/ritual\/\d+\?session=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: RITUAL })).toBeVisible();
  await expect(page.getByText('아직 후기가 없어요')).toBeVisible();
  await expect(page.getByRole('link', { name: '자주 묻는 질문 보기' })).toHaveAttribute('href', '/faq?category=ritual');
  // A guest is asked to sign in before applying.
  await expect(page.getByRole('button', { name: /신청/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '로그인하고 신청하기' })).toHaveAttribute('href', /^\/login\?redirect=/);

  const sessions = page.getByRole('region', { name: '기수 선택' });
  const early = sessions.getByRole('link', { name: /새벽반/ });
  await expect(early).toHaveAttribute('aria-current', 'true');
  await expect(sessions.getByText(/^신청 마감: \d{1,2}월 \d{1,2}일까지$/)).toBeVisible();

  await sessions.getByRole('link', { name: /저녁반/ }).click();
  await expect(page).toHaveURL(/\?session=\d+$/);
  await expect(sessions.getByRole('link', { name: /저녁반/ })).toHaveAttribute('aria-current', 'true');
  await expect(sessions.getByRole('heading', { level: 3 })).toContainText('저녁반');
  // Other specs may have bought a seat of this session by now: the count is read from the API.
  const ritualId = /\/explorer\/ritual\/(\d+)/.exec(page.url())![1];
  const detail = (await (await page.request.get(`/api/rituals/${ritualId}`)).json()) as { data: { sessions: { title: string; seats_left: number }[] } };
  const evening = detail.data.sessions.find((session) => session.title.includes('저녁반'))!;
  await expect(sessions.getByText(evening.seats_left > 0 ? `잔여 ${evening.seats_left}석` : '마감').first()).toBeVisible();

  // The season after next: recruiting opens on a day and hour to come.
  await sessions.getByRole('list').getByRole('link').last().click();
  await expect(sessions.getByText(/^\d{1,2}월 \d{1,2}일 오전 10시에 신청이 열려요\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/\/explorer\/ritual\/\d+$/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const course = jsonLd.map((text) => JSON.parse(text) as { '@type': string; hasCourseInstance?: unknown[] }).find((data) => data['@type'] === 'Course');
  expect(course?.hasCourseInstance).toHaveLength(3);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/rituals\/mind-1\.webp$/);
});

test('a theme that does not exist shows every ritual', async ({ page }) => {
  const res = await page.goto('/explorer?theme=999999');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: '테마' }).getByRole('link', { name: '전체' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: '모든 리추얼' }).getByRole('article')).toHaveCount(15);
});

test('an unknown ritual is not found, and a link to a session it does not have says so and chooses none', async ({ page, request }) => {
  expect((await page.goto('/explorer/ritual/999999'))?.status()).toBe(404);
  const res = await request.get('/api/rituals?type=monthly&per_page=1');
  const [ritual] = ((await res.json()) as { data: Array<{ id: number; title: string }> }).data;
  expect((await page.goto(`/explorer/ritual/${ritual!.id}?session=999999`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: ritual!.title })).toBeVisible();
  const sessions = page.getByRole('region', { name: '기수 선택' });
  await expect(sessions.getByText('찾으시는 기수가 없어요. 아래에서 신청할 수 있는 기수를 골라 주세요.')).toBeVisible();
  await expect(sessions.locator('[aria-current]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '로그인하고 신청하기' })).toHaveCount(0);
});

test("the home's ritual shelf leads to the ritual pages and to the explorer", async ({ page }) => {
  await page.goto('/');
  const shelf = page.getByRole('region', { name: '이번 시즌 월간 리추얼' });
  await expect(shelf.getByRole('link', { name: /전체 보기/ })).toHaveAttribute('href', '/explorer');
  await shelf.getByRole('link', { name: RITUAL }).click();
  await expect(page).toHaveURL(/\/explorer\/ritual\/\d+\?session=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: RITUAL })).toBeVisible();
});

test('a guest searches from the explorer and reaches a result', async ({ page }) => {
  await page.goto('/explorer');
  const search = page.getByRole('search');
  await search.getByLabel('검색어').fill('명상');
  await search.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(/\/explorer\/search\?q=%EB%AA%85%EC%83%81$/);
  await expect(page.getByRole('status')).toContainText(/'명상' 검색 결과 \d+건/);
  const rituals = page.getByRole('region', { name: /^월간 리추얼/ });
  await rituals.getByRole('link', { name: new RegExp(RITUAL) }).click();
  await expect(page).toHaveURL(/\/explorer\/ritual\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: RITUAL })).toBeVisible();
});

test("a guest's explorer and ritual page load no React and no island", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  const [ritual] = ((await (await request.get('/api/rituals?type=monthly&per_page=1')).json()) as { data: Array<{ id: number }> }).data;
  for (const path of ['/explorer', `/explorer/ritual/${ritual!.id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('astro-island').count(), path).toBe(0);
  }
  expect(scripts.filter((url) => /client|react|ModalHost/i.test(url))).toEqual([]);
});
