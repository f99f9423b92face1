import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test("a member's public profile shows their name, handle and introduction, and nothing private", async ({ page }) => {
  const response = await page.goto('/profile/member1');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('아침햇살');
  await expect(page.getByText('@member1')).toBeVisible();
  await expect(page.getByText('매일 아침 10분 명상으로 하루를 엽니다.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('member1@example.com');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('an unknown profile answers a Korean 404', async ({ page }) => {
  const response = await page.goto('/profile/nobody-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('회원을 찾을 수 없어요');
});
