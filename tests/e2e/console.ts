import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_TOTP_SECRET } from '../../src/server/db/seed/staff.ts';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

/** The demo administrator, past the second factor, on the console's home. */
export async function openConsole(page: Page): Promise<void> {
  await signInAsMember(page, DEMO_ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await waitForIsland(page, 'SecondFactorForm');
  await page.getByLabel('인증 코드 또는 복구 코드').fill(await generate({ secret: DEMO_ADMIN_TOTP_SECRET }));
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** The console's menu is a drawer on a phone: open it first there. */
export async function openMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '새로고침' }).waitFor();
  const item = page.getByRole('menuitem', { name });
  if (!(await item.isVisible())) await page.getByRole('button', { name: '메뉴 열기' }).click();
  await item.click();
}
