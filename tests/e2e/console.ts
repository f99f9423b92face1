import { expect, test } from '@playwright/test';
import type { Cookie, Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_TOTP_SECRET } from '../../src/server/db/seed/staff.ts';
import { USED_CODE } from '../../src/server/modules/admin/second-factor.ts';
import { waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

/**
 * The demo administrator's session past the second factor, made once per worker. A code is good
 * once per account and the server takes five wrong ones in five minutes: with a code typed for
 * every console spec, two workers at once used the codes up and met that limit. Typing the code is
 * admin.spec.ts's own test.
 */
let passedSession: Cookie[] | null = null;

/** The demo administrator, past the second factor, on the console's home. */
export async function openConsole(page: Page): Promise<void> {
  if (passedSession) {
    await page.context().addCookies(passedSession);
    await page.goto('/admin');
    // A session another spec has ended meanwhile sends the page to sign in: then a new one.
    if (/\/admin\/?$/.test(new URL(page.url()).pathname)) return;
    await page.context().clearCookies();
    passedSession = null;
  }
  await signInAsMember(page, DEMO_ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await waitForIsland(page, 'SecondFactorForm');
  await enterAdminCode(page);
  passedSession = await page.context().cookies();
}

const STEP_SECONDS = 30;

/**
 * Types the demo administrator's code and lands on the console. A code is good once per account and
 * the specs share that account, so a code another spec has used is refused: then the next step's
 * code (the server takes it a step early), and past that the wait until the server takes one.
 */
export async function enterAdminCode(page: Page): Promise<void> {
  for (let step = Math.floor(Date.now() / 1000 / STEP_SECONDS); ; step += 1) {
    const wait = (step - 1) * STEP_SECONDS * 1000 - Date.now();
    if (wait > 0) {
      test.info().setTimeout(test.info().timeout + wait);
      await page.waitForTimeout(wait);
    }
    await page.getByLabel('인증 코드 또는 복구 코드').fill(await generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch: step * STEP_SECONDS }));
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/admin/second-factor/challenge'));
    await page.getByRole('button', { name: '확인' }).click();
    const answer = await answered;
    if (answer.ok()) break;
    const body = (await answer.json()) as { errors?: { code?: string[] } };
    if (!body.errors?.code?.includes(USED_CODE)) throw new Error(`the code was refused: ${answer.status()} ${JSON.stringify(body)}`);
  }
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** The console's menu is a drawer on a phone: open it first there. */
export async function openMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '새로고침' }).waitFor();
  const item = page.getByRole('menuitem', { name });
  if (!(await item.isVisible())) await page.getByRole('button', { name: '메뉴 열기' }).click();
  await item.click();
}

/**
 * Types into a list's search and waits until the list has applied it. The list applies a search
 * after a pause, by navigating: a row clicked before that would be undone by the navigation.
 */
export async function searchList(page: Page, label: string | RegExp, text: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain(JSON.stringify(text));
}
