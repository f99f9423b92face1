import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { OffTheRecordItem } from '../../src/lib/off-the-record.ts';
import type { OneDayProgramItem } from '../../src/lib/programs.ts';

test('the home page renders in Korean with the current banner', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('나답게 성장하는 습관, 리추얼');
  await expect(page).toHaveTitle('리추얼');
  const banner = page.getByRole('link', { name: /12월 리추얼 모집 중/ });
  await expect(banner).toHaveAttribute('href', '/explorer');
  expect(errors).toEqual([]);
});

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('/healthz and the API answer JSON through the same server', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  const banner = await request.get('/api/banners/current?type=header_text_banner');
  expect((await banner.json()).data.text).toContain('리추얼');
  const missing = await request.get('/api/nothing-here');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: '요청하신 API를 찾을 수 없습니다.' });
});

test('a browser error is reported to the API from the page', async ({ page, request }) => {
  await page.goto('/');
  const reported = page.waitForResponse((res) => res.url().endsWith('/api/front-error-logs'));
  await page.evaluate(() => setTimeout(() => {
    throw new Error('e2e: 의도한 오류');
  }));
  const res = await reported;
  expect(res.status()).toBe(201);
  void request;
});

interface CurrentMain {
  banners: Array<{ title: string; link_url: string | null }>;
  themes: Array<{ id: number; name: string }>;
  notices: Array<{ id: number; title: string }>;
  programs: OneDayProgramItem[];
  off_the_records: OffTheRecordItem[];
}

async function currentMain(request: APIRequestContext): Promise<CurrentMain> {
  const res = await request.get('/api/mains/current');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: CurrentMain }).data;
}

/** Text as Astro writes it into HTML. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test.describe('home and about as served HTML', () => {
  test('the home HTML carries the current banners, the themes and the latest notices, and no hidden main', async ({ request }) => {
    const main = await currentMain(request);
    expect(main.banners).toHaveLength(3);
    expect(main.themes.length).toBeGreaterThan(0);
    expect(main.notices.length).toBeGreaterThan(0);
    const html = await (await request.get('/')).text();
    for (const banner of main.banners) expect(html).toContain(escapeHtml(banner.title));
    for (const theme of main.themes) {
      expect(html).toContain(escapeHtml(theme.name));
      expect(html).toContain(`href="/explorer?theme=${theme.id}"`);
    }
    for (const notice of main.notices) {
      expect(html).toContain(escapeHtml(notice.title));
      expect(html).toContain(`href="/notice/${notice.id}"`);
    }
    // The seed's last-month and scheduled banners say they must not show.
    expect(html).not.toContain('보이지 않아야');
  });

  test('the first hero picture loads at once with high priority, the others lazily, all sized', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    const hero = images.filter((tag) => tag.includes('/images/home/'));
    expect(hero).toHaveLength(3);
    expect(hero[0]).toMatch(/loading="eager"/);
    expect(hero[0]).toMatch(/fetchpriority="high"/);
    for (const tag of hero.slice(1)) expect(tag).toMatch(/loading="lazy"/);
    for (const tag of images) {
      expect(tag).toMatch(/\bwidth="\d+"/);
      expect(tag).toMatch(/\bheight="\d+"/);
      expect(tag).toMatch(/\balt="/);
    }
    expect(html).toContain('srcset="/images/home/ritual-december-720.webp"');
  });

  test('the about HTML tells what a ritual is, how a month goes, the safety principles and who runs it', async ({ request }) => {
    const res = await request.get('/about');
    expect(res.status()).toBe(200);
    const html = await res.text();
    for (const heading of ['리추얼이란', '한 달은 이렇게 흘러가요', '안전한 커뮤니티를 위한 약속', '운영사']) {
      expect(html).toContain(heading);
    }
    expect(html).toContain('사업자등록번호');
    const hours = (await (await request.get('/api/envs/customer_center_hours')).json()) as { data: { value: string } };
    expect(html).toContain(escapeHtml(hours.data.value));
  });
});

test.describe('the shelves of one-day programmes and off-the-record', () => {
  test('the programme shelf shows the soonest events and leads to a programme page with its date chosen', async ({ page, request }) => {
    const { programs } = await currentMain(request);
    expect(programs.length).toBeGreaterThan(0);
    await page.goto('/');
    const shelf = page.getByRole('region', { name: '다가오는 원데이 프로그램' });
    await expect(shelf.getByRole('article')).toHaveCount(programs.length);
    for (const program of programs) {
      const card = shelf.getByRole('article').filter({ has: page.getByRole('heading', { name: program.title }) });
      await expect(card).toContainText(program.next_event!.place);
      // Seats are offered while the event takes applications (the demo's closes two days before).
      const event = program.next_event!;
      await expect(card).toContainText(event.recruit_state === 'closed' ? '신청 마감' : event.seats_left > 0 ? `잔여 ${event.seats_left}석` : '마감');
    }
    await expect(shelf.getByRole('link', { name: '전체 보기 원데이 프로그램' })).toHaveAttribute('href', '/explorer/program');

    const [first] = programs;
    await shelf.getByRole('link', { name: first!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/explorer/ritual/${first!.id}\\?session=${first!.next_event!.ritual_session_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
  });

  test('the record shelf shows the newest records and leads to one', async ({ page, request }) => {
    const { off_the_records: records } = await currentMain(request);
    expect(records.length).toBeGreaterThan(0);
    await page.goto('/');
    const shelf = page.getByRole('region', { name: '오프더레코드', exact: true });
    await expect(shelf.getByRole('listitem')).toHaveCount(records.length);
    await expect(shelf.getByRole('link', { name: '전체 보기 오프더레코드' })).toHaveAttribute('href', '/explorer/off-the-record');

    const [newest] = records;
    await shelf.locator(`a[href="/explorer/off-the-record/${newest!.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/explorer/off-the-record/${newest!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: newest!.title })).toBeVisible();
  });

  test('their "전체 보기" links reach the programme calendar and the record list', async ({ page }) => {
    for (const [shelfName, heading] of [
      ['다가오는 원데이 프로그램', '원데이 프로그램'],
      ['오프더레코드', '오프더레코드'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('region', { name: shelfName, exact: true }).getByRole('link', { name: /^전체 보기/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('their covers wait until scrolled to, and the page does not scroll sideways', async ({ page }) => {
    await page.goto('/');
    for (const name of ['다가오는 원데이 프로그램', '오프더레코드']) {
      const covers = page.getByRole('region', { name, exact: true }).locator('img');
      expect(await covers.count()).toBeGreaterThan(0);
      for (const cover of await covers.all()) await expect(cover).toHaveAttribute('loading', 'lazy');
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the hero without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every slide is a real link a keyboard reaches, and it leads where it says', async ({ page, request }) => {
    const main = await currentMain(request);
    await page.goto('/');
    const hero = page.getByRole('region', { name: '이번 달 소식' });
    const links = hero.getByRole('link');
    await expect(links).toHaveCount(main.banners.length);
    await links.first().focus();
    for (const [index, banner] of main.banners.entries()) {
      const link = links.nth(index);
      if (index > 0) await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
      await expect(link).toContainText(banner.title);
      await expect(link).toHaveAttribute('href', banner.link_url!);
      // Focus scrolls the row, so the slide is on screen although nothing scripted it.
      await expect(link).toBeInViewport({ ratio: 0.6 });
    }
    const last = main.banners.at(-1)!;
    await links.last().click();
    await expect(page).toHaveURL(new RegExp(`${last.link_url!.replace(/\//g, '\\/')}$`));
  });
});

test.describe('weight and accessibility of the home and about pages', () => {
  for (const path of ['/', '/about']) {
    test(`a guest's ${path} loads no React and no island`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('astro-island').count()).toBe(0);
      expect(scripts.filter((url) => /client|react|ModalHost/i.test(url))).toEqual([]);
    });

    test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }
});
