import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
