import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { monthLabel, seoulMonthOf, shiftMonth } from '../../src/lib/program-calendar.ts';
import { seriousViolations } from './a11y.ts';

// The demo programmes (src/server/db/seed/programs.ts) meet this Seoul month and the two after
// it; every month shown here is counted from the day the test runs, as the seed's are.
const thisMonth = seoulMonthOf(Date.now());
const nextMonth = shiftMonth(thisMonth, 1);
const nextMonthPath = `/explorer/program?year=${nextMonth.year}&month=${nextMonth.month}`;
const EVENT_PAGE = /\/explorer\/ritual\/\d+\?session=\d+$/;

const calendar = (page: Page) => page.getByRole('table', { name: /원데이 프로그램 달력/ });
const dayLinks = (page: Page) => calendar(page).getByRole('link', { name: /일정 \d+개/ });

test.describe('one-day programmes', () => {
  test('a guest reads the programmes, moves to next month and opens a day’s event', async ({ page }) => {
    await page.goto('/explorer/program');
    await expect(page.getByRole('heading', { level: 1, name: '원데이 프로그램' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '프로그램 메뉴' }).getByRole('link', { name: '원데이 프로그램' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 3, name: /다도 명상 클래스/ })).toBeVisible();
    await expect(page.getByRole('region', { name: '프로그램', exact: true }).getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: monthLabel(thisMonth), exact: true })).toBeVisible();
    await expect(calendar(page).getByRole('columnheader')).toHaveText(['일', '월', '화', '수', '목', '금', '토']);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /다음 달/ }).click();
    await expect(page).toHaveURL(new RegExp(`year=${nextMonth.year}&month=${nextMonth.month}#program-calendar$`));
    await expect(page.getByRole('heading', { name: monthLabel(nextMonth), exact: true })).toBeVisible();

    const day = dayLinks(page).first();
    const label = (await day.textContent())!;
    await day.click();
    const dayKey = new URL(page.url()).hash.slice('#day-'.length);
    expect(label).toContain(`${nextMonth.month}월 ${Number(dayKey.slice(-2))}일`);
    const group = page.locator(`[id="day-${dayKey}"]`);
    await expect(group.getByRole('heading', { level: 4 })).toHaveText(new RegExp(`^${nextMonth.month}월 ${Number(dayKey.slice(-2))}일 \\([일월화수목금토]\\)$`));
    const event = group.getByRole('link').first();
    await expect(event).toContainText(/오[전후] \d{1,2}:\d{2}–/);
    await expect(event).toContainText(/잔여 \d+석|마감/);
    // The programme's page is built with the ritual pages: only where the event leads is ours.
    const href = await event.getAttribute('href');
    await event.click();
    await expect(page).toHaveURL(EVENT_PAGE);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
  });

  test('the month changes with the keyboard alone', async ({ page }) => {
    await page.goto('/explorer/program');
    await page.getByRole('link', { name: /이전 달/ }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /다음 달/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: monthLabel(nextMonth), exact: true })).toBeVisible();
    // A day with events is reached by Tab too, and Enter goes to its events.
    await dayLinks(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#day-\d{4}-\d{2}-\d{2}$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('shows each event of the month to search engines as an Event with its offer', async ({ page }) => {
    await page.goto(nextMonthPath);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/explorer/program\\?year=${nextMonth.year}&month=${nextMonth.month}$`));
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const events = scripts.map((text) => JSON.parse(text) as Record<string, unknown>).filter((data) => data['@type'] === 'Event');
    const listed = page.locator('.event-list').getByRole('link');
    expect(events.length).toBe(await listed.count());
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({
      location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'KR' } },
      offers: { '@type': 'Offer', priceCurrency: 'KRW' },
    });
  });

  test('a month the calendar cannot show is the current month, and an empty month says so', async ({ page }) => {
    const bad = await page.goto('/explorer/program?year=20261&month=13');
    expect(bad?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: monthLabel(thisMonth), exact: true })).toBeVisible();

    await page.goto('/explorer/program?year=2001&month=1');
    await expect(page.getByText('이 달에는 예정된 원데이 프로그램이 없어요.')).toBeVisible();
    await expect(dayLinks(page)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test('the month is a readable list of days and events', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto(nextMonthPath);
    const firstDay = page.locator('.event-list li[id^="day-"]').first();
    await expect(firstDay.getByRole('heading', { level: 4 })).toHaveText(/^\d{1,2}월 \d{1,2}일 \([일월화수목금토]\)$/);
    await expect(firstDay.getByRole('link').first()).toHaveAttribute('href', EVENT_PAGE);
    await page.getByRole('link', { name: /다음 달/ }).click();
    await expect(page.getByRole('heading', { name: monthLabel(shiftMonth(nextMonth, 1)), exact: true })).toBeVisible();
    await context.close();
  });
});
