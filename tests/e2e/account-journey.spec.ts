import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { newestMail, pathOf, uniqueAccount, waitForIsland } from './members.ts';
import { urlOf } from './servers.ts';

// On a server of its own, so its sign-up does not count against the main server's hourly limit.
test.use({ baseURL: urlOf('configured', '') });

const FIRST_PASSWORD = 'Journey#2026';
const SECOND_PASSWORD = 'Journey#2027';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login/email');
  await waitForIsland(page, 'LoginForm');
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page) {
  await page.goto('/mypage');
  await waitForIsland(page, 'LogoutButton');
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: '로그인', exact: true })).toBeVisible();
}

test('register, verify by mail, sign out, sign in, forget the password, reset it by mail, sign in again', async ({ page }) => {
  const account = uniqueAccount('journey');

  await page.goto('/register');
  await waitForIsland(page, 'RegisterForm');
  await page.getByLabel('이메일', { exact: true }).fill(account.email);
  await expect(page.getByText('사용 가능한 이메일입니다.')).toBeVisible();
  await page.getByLabel('비밀번호', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByLabel('비밀번호 확인', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByLabel('닉네임').fill(account.nickname);
  await page.getByLabel('아이디').fill(account.username);
  // Straight on, as a person would: the username check starting must not move the checkbox away.
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  await page.goto(pathOf(await newestMail(account.email)));
  await expect(page).toHaveURL(/\/verify-email\?verified=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('인증');

  await signOut(page);
  await signIn(page, account.email, FIRST_PASSWORD);
  await expect(page.getByText(`${account.nickname}님, 오늘도 반가워요.`)).toBeVisible();
  await signOut(page);

  await page.goto('/forgot-password');
  await waitForIsland(page, 'ForgotPasswordForm');
  await page.getByLabel('가입한 이메일').fill(account.email);
  await page.getByRole('button', { name: '재설정 메일 받기' }).click();
  await expect(page.getByRole('status')).toHaveText(/재설정 링크를 보냈어요/);
  const mail = await newestMail(account.email, 2);
  expect(mail.subject).toBe('[리추얼] 비밀번호 재설정 안내');

  await page.goto(pathOf(mail));
  await waitForIsland(page, 'ResetPasswordForm');
  await page.getByLabel('새 비밀번호', { exact: true }).fill(SECOND_PASSWORD);
  await page.getByLabel('새 비밀번호 확인').fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: '비밀번호 재설정' }).click();
  const done = page.getByRole('alertdialog', { name: '비밀번호가 재설정 되었습니다' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);

  await signIn(page, account.email, SECOND_PASSWORD);
  await expect(page.getByText(`${account.nickname}님, 오늘도 반가워요.`)).toBeVisible();
});
