import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openConsole, openMenu, searchList } from './console.ts';

const seriousIn = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);

/**
 * Looks only: other specs sign the demo members in at the same time, so nobody is suspended here
 * (the API tests suspend their own members, and check the sign-in refused and the sessions ended).
 */
test('the administrator finds a member, reads their detail, opens the suspension dialog, and the deletion log', async ({ page }) => {
  await openConsole(page);
  await openMenu(page, '회원');
  await expect(page).toHaveURL(/\/admin\/members/);
  await searchList(page, '이메일, 닉네임, 전화번호 검색', 'member3@example.com');
  const row = page.getByRole('row').filter({ hasText: 'member3@example.com' });
  await expect(row).toHaveCount(1);
  await row.getByRole('cell').first().click();

  await expect(page).toHaveURL(/\/admin\/members\/\d+\/show$/);
  await expect(page.getByText('member3@example.com')).toBeVisible();
  // An administrator may make a member staff; nothing to save until another role is chosen.
  await expect(page.getByRole('button', { name: '역할 변경' })).toBeDisabled();
  expect(await seriousIn(page, '#main-content')).toEqual([]);

  await page.getByRole('button', { name: '이용 정지' }).click();
  const dialog = page.getByRole('dialog', { name: '이용 정지' });
  await expect(dialog.getByRole('textbox', { name: /정지 사유/ })).toBeVisible();
  await expect(dialog.getByLabel(/정지 종료일/)).toBeVisible();
  expect(await seriousIn(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '이용 정지' })).toBeVisible();

  await openMenu(page, '탈퇴 기록');
  await expect(page).toHaveURL(/\/admin\/account-deletions/);
  // No member may have left yet on a fresh server: then react-admin says so instead of a list.
  await expect(page.getByRole('textbox', { name: '사유 검색' }).or(page.getByText('아직 탈퇴 기록이(가) 없어요.'))).toBeVisible();
});
