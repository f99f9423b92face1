import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';

// Issue 35, item 5, as a new member finds it on a phone: a card names a date, and the page it
// leads to keeps that date, says plainly when it can no longer be applied for and offers the
// others, and gives a one-day programme its day and hours.
test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

interface Session {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  ritual: { id: number; type: string };
}

const sessionParam = (href: string | null): string | null => new URL(href ?? '', 'http://x').searchParams.get('session');

/**
 * A session running today whose ritual takes applications for a later one: the demo room of
 * members 1 to 3 (seed/ritual-sessions.ts) is one, 아침 10분 명상 recruiting for next month.
 */
async function runningSessionWithNext(request: APIRequestContext): Promise<{ running: Session; next: { id: number; title: string } }> {
  const titles = ((await (await request.get('/api/ritual-session-titles')).json()) as { data: { id: number }[] }).data;
  const now = Date.now();
  for (const title of titles) {
    const res = await request.get(`/api/ritual-sessions?ritual_session_title_id=${title.id}`);
    const sessions = ((await res.json()) as { data: Session[] }).data;
    for (const running of sessions.filter((session) => Date.parse(session.starts_at) <= now && now < Date.parse(session.ends_at))) {
      const detail = (await (await request.get(`/api/rituals/${running.ritual.id}`)).json()) as {
        data: { sessions: { id: number; title: string; recruit_state: string }[] };
      };
      const next = detail.data.sessions.find((session) => session.recruit_state === 'open');
      if (next) return { running, next };
    }
  }
  throw new Error('the demo data has no running session of a ritual that recruits');
}

const sessionsOf = (page: Page, name: string): Locator => page.getByRole('region', { name });
/** The chosen session's facts, under its heading. */
const chosenWhen = (page: Page): Locator => page.locator('.selected dt', { hasText: '일정' }).locator('xpath=following-sibling::dd');

async function expectBarAtTheBottom(page: Page, control: Locator): Promise<void> {
  const bar = page.locator('.sticky-action-bar');
  await expect(bar).toBeVisible();
  await expect(bar.locator(control)).toHaveCount(1);
  const box = (await bar.boundingBox())!;
  const tabBar = (await page.getByRole('navigation', { name: '하단 메뉴' }).boundingBox())!;
  // Right on the tab bar, over its hairline at most.
  expect(Math.abs(box.y + box.height - tabBar.y)).toBeLessThanOrEqual(1);
}

test('each one-day card leads to the date it shows, which the page keeps, with its day and hours', async ({ page }) => {
  await page.goto('/explorer/program');
  const cards = page.getByRole('region', { name: '프로그램', exact: true }).getByRole('article');
  await expect(cards).toHaveCount(6);
  const shown: { title: string; href: string; when: string; seats: string }[] = [];
  for (const card of await cards.all()) {
    const link = card.getByRole('heading').getByRole('link');
    const when = card.locator('dt', { hasText: '다음 일정' }).locator('xpath=following-sibling::dd');
    if ((await when.count()) === 0) continue;
    shown.push({
      title: (await link.textContent())!.trim(),
      href: (await link.getAttribute('href'))!,
      when: (await when.textContent())!.trim(),
      seats: (await card.locator('.seats').textContent())!.trim(),
    });
  }
  expect(shown.length).toBeGreaterThan(0);

  // The home's shelf links the same cards to the same dates.
  await page.goto('/');
  const shelf = page.getByRole('region', { name: '다가오는 원데이 프로그램' });
  for (const card of shown) {
    const link = shelf.getByRole('link', { name: card.title, exact: true });
    if ((await link.count()) > 0) await expect(link).toHaveAttribute('href', card.href);
  }

  for (const card of shown) {
    await page.goto(card.href);
    await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
    const sessions = sessionsOf(page, '일정 선택');
    const current = sessions.locator('a[aria-current="true"]');
    await expect(current).toHaveAttribute('href', `?session=${sessionParam(card.href)}`);
    await expect(current).toContainText(card.when);
    await expect(chosenWhen(page)).toHaveText(card.when);
    await expect(chosenWhen(page)).toHaveText(/^\d{1,2}월 \d{1,2}일 \([일월화수목금토]\) 오[전후] \d{1,2}:\d{2}–/);
    await expect(page.getByRole('main')).not.toContainText(/\(0주\)|\d{4}\.\d{2}\.\d{2} ~/);
    if (card.seats === '신청 마감') {
      // The card said so, and so does the page: the date is kept, nothing is swapped in for it.
      await expect(sessions.getByText('신청이 마감되었어요.')).toBeVisible();
      await expectBarAtTheBottom(page, page.getByRole('button', { name: '신청 마감' }));
      await expect(page.getByRole('button', { name: '신청 마감' })).toBeDisabled();
    }
  }
});

test('a link to a session that has begun shows that session, says it cannot be applied for, and offers the next one', async ({ page, request }) => {
  const { running, next } = await runningSessionWithNext(request);
  await page.goto(`/explorer/ritual/${running.ritual.id}?session=${running.id}`);
  const sessions = sessionsOf(page, '기수 선택');
  const current = sessions.locator('a[aria-current="true"]');
  await expect(current).toContainText(running.title);
  await expect(current).toContainText('신청 마감');
  await expect(sessions.getByRole('heading', { level: 3 })).toHaveText(running.title);
  await expect(sessions.getByText('이미 시작해서 신청할 수 없어요.')).toBeVisible();
  await expect(page.getByRole('link', { name: '로그인하고 신청하기' })).toHaveCount(0);
  await expectBarAtTheBottom(page, page.getByRole('button', { name: '신청 마감' }));
  expect(await seriousViolations(page)).toEqual([]);

  // The next session that takes applications, one tap away.
  await expect(sessions.getByText('신청할 수 있는 다른 기수가 있어요.')).toBeVisible();
  await sessions.getByRole('link', { name: /기수 보기$/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?session=${next.id}$`));
  await expect(sessions.getByRole('heading', { level: 3 })).toHaveText(next.title);
  await expectBarAtTheBottom(page, page.getByRole('link', { name: '로그인하고 신청하기' }));
});

test("the explorer's and the home's ritual cards lead to the session they show", async ({ page }) => {
  for (const [path, region] of [
    ['/explorer', '모든 리추얼'],
    ['/', '이번 시즌 월간 리추얼'],
  ] as const) {
    await page.goto(path);
    const card = page.getByRole('region', { name: region }).getByRole('article').first();
    const link = card.getByRole('heading').getByRole('link');
    const href = (await link.getAttribute('href'))!;
    expect(href, path).toMatch(/^\/explorer\/ritual\/\d+\?session=\d+$/);
    const starts = (await card.locator('time').first().textContent())!;
    await expect(card.locator('dt', { hasText: '일정' }).locator('xpath=following-sibling::dd')).toHaveText(/^\d{4}\.\d{2}\.\d{2} ~ \d{4}\.\d{2}\.\d{2} \(\d+주\)$/);
    await link.click();
    await expect(page).toHaveURL(href);
    await expect(sessionsOf(page, '기수 선택').locator('a[aria-current="true"]')).toHaveAttribute('href', `?session=${sessionParam(href)}`);
    await expect(chosenWhen(page)).toContainText(starts);
  }
});
