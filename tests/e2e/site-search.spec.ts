import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';

// The demo shop (src/server/db/seed/store.ts) sells both; the demo square has many posts on 명상.
const CUSHION = '명상 방석 쿠션';
const CANDLES = '명상 티라이트 캔들 12개입';

// A phone, whichever project runs it.
test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

async function searchMeditation(page: Page): Promise<void> {
  await page.goto('/explorer');
  const search = page.getByRole('search');
  await search.getByLabel('검색어').fill('명상');
  await search.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(/\/explorer\/search\?q=%EB%AA%85%EC%83%81$/);
}

test('명상 finds the shop’s tools and the square’s posts in their own groups, on a phone', async ({ page }) => {
  await searchMeditation(page);
  await expect(page.getByRole('status')).toContainText(/툴샵 \d+건, 콘텐츠 광장 \d+건/);
  const shop = page.getByRole('region', { name: /^툴샵 \d+건$/ });
  await expect(shop.getByRole('link', { name: CUSHION, exact: true })).toBeVisible();
  await expect(shop.getByRole('link', { name: CANDLES, exact: true })).toBeVisible();
  const square = page.getByRole('region', { name: /^콘텐츠 광장 \d+건$/ });
  await expect(square.getByRole('list', { name: '콘텐츠 광장 검색 결과' }).getByRole('listitem').first()).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await shop.getByRole('link', { name: CUSHION, exact: true }).tap();
  await expect(page).toHaveURL(/\/explorer\/selfcare\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: CUSHION })).toBeVisible();
});

test('a square post found by 명상 opens on a tap', async ({ page }) => {
  await searchMeditation(page);
  const square = page.getByRole('region', { name: /^콘텐츠 광장/ });
  const card = square.getByRole('listitem').filter({ hasNotText: '비밀글' }).first();
  const link = card.getByRole('link');
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/square\/[\w-]+\/\d+$/);
  await link.tap();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('명상');
});

test('a search with no match says so and suggests words that find something', async ({ page }) => {
  await page.goto(`/explorer/search?q=${encodeURIComponent('없는낱말찾기')}`);
  await expect(page.getByText("'없는낱말찾기'에 대한 검색 결과가 없어요")).toBeVisible();
  await expect(page.getByRole('region', { name: /^(툴샵|콘텐츠 광장|월간 리추얼)/ })).toHaveCount(0);
  await page.getByRole('list', { name: '추천 검색어' }).getByRole('link', { name: '캔들' }).tap();
  await expect(page).toHaveURL(/\/explorer\/search\?q=%EC%BA%94%EB%93%A4$/);
  await expect(page.getByRole('region', { name: /^툴샵/ }).getByRole('link', { name: CANDLES, exact: true })).toBeVisible();
});
