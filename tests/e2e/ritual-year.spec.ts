import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { signInAsMember } from './sign-in.ts';

// Read-only, on the seed's own members: member2 has a finished and a running session with
// check-ins, member5 is in no room.
const ritualSection = (page: Page) => page.getByRole('region', { name: '나의 리추얼' });

test.describe('a year of rituals on /mypage', () => {
  test('member2 sees the year of done days, the streaks and each session’s completion', async ({ page }) => {
    await signInAsMember(page, 'member2@example.com');
    await page.goto('/mypage');
    const section = ritualSection(page);

    const caption = section.getByText(/^최근 1년 동안 리추얼을 한 날 \d+일$/);
    await expect(caption).toBeVisible();
    const activeDays = Number((await caption.textContent())!.match(/(\d+)일$/)![1]);
    expect(activeDays).toBeGreaterThanOrEqual(30);

    const grid = section.getByRole('img', { name: /부터 오늘까지 \d+일 동안 체크인하거나 기록을 남겼어요/ });
    await expect(grid).toBeVisible();
    expect(await grid.locator('.cell').count()).toBe(365);
    expect(await grid.locator('.cell:not(.level-0)').count()).toBe(activeDays);
    expect(await grid.locator('.month').filter({ hasText: /^\d+월$/ }).count()).toBeGreaterThanOrEqual(11);

    await expect(section.getByText(/^연속 \d+일$/)).toBeVisible();
    await expect(section.getByText(/^최고 \d+일$/)).toBeVisible();

    const sessions = section.getByRole('list', { name: '세션별 완료율' });
    const items = sessions.getByRole('listitem');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    for (const item of await items.all()) await expect(item).toContainText(/\d+\/\d+일 · \d+%|시작 전/);
    await expect(items.first().getByRole('link')).toHaveAttribute('href', /^\/room\/\d+\/report$/);

    // The text alternative: the days of each month, adding up to the caption's.
    const months = section.getByRole('table', { name: '달마다 리추얼을 한 날' });
    const rows = months.getByRole('row').filter({ has: page.getByRole('rowheader') });
    expect(await rows.count()).toBeGreaterThanOrEqual(12);
    const perMonth = await months.getByRole('cell').allTextContents();
    expect(perMonth.reduce((sum, text) => sum + Number(text.replace('일', '')), 0)).toBe(activeDays);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the page does not scroll sideways, and the year opens on this week', async ({ page }) => {
    await signInAsMember(page, 'member2@example.com');
    await page.goto('/mypage');
    const grid = ritualSection(page).getByRole('img', { name: /체크인하거나 기록을 남겼어요/ });
    await expect(grid).toBeVisible();
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Today is the last cell; the box it scrolls in starts at the newest weeks.
    const today = await grid.locator('.cell').last().boundingBox();
    expect(today!.x).toBeGreaterThanOrEqual(0);
    expect(today!.x + today!.width).toBeLessThanOrEqual(width);
  });

  test('a member in no room is shown where to find one', async ({ page }) => {
    await signInAsMember(page, 'member5@example.com');
    await page.goto('/mypage');
    const section = ritualSection(page);
    await expect(section.getByText('아직 함께한 리추얼이 없어요.', { exact: false })).toBeVisible();
    await expect(section.getByRole('link', { name: '리추얼 둘러보기' })).toHaveAttribute('href', '/explorer');
    await expect(section.getByRole('img')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
