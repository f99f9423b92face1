import { expect, test } from '@playwright/test';
import { urlOf } from './servers.ts';

test('a new member signs in with Kakao, picks names and agrees on /register/sns, then lands home', async ({ page }, info) => {
  await page.goto(urlOf('configured', '/login'));
  await expect(page.getByRole('link', { name: 'Apple로 시작하기' })).toHaveCount(0);
  await page.getByRole('link', { name: '카카오로 시작하기' }).click();
  await expect(page).toHaveURL(urlOf('configured', '/register/sns'));
  // Typing before the island hydrates would be lost to React's first render.
  await page.locator('astro-island[component-export="SnsRegisterForm"]:not([ssr])').waitFor({ state: 'attached' });
  // The provider's nickname, with four digits when another member (another project's run) has it.
  await expect(page.getByLabel('닉네임')).toHaveValue(/^새벽별(\d{4})?$/);
  await expect(page.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
  await page.getByLabel('아이디').fill(`kakao.${info.project.name}${Date.now() % 100000}`);
  // The live check answering proves React is handling the form.
  await expect(page.getByText('사용 가능한 아이디입니다.')).toBeVisible();
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: '시작하기' }).click();
  await expect(page).toHaveURL(urlOf('configured', '/'));
  await expect(page.getByRole('link', { name: '로그인', exact: true })).toHaveCount(0);
  await page.goto(urlOf('configured', '/register/sns'));
  await expect(page).toHaveURL(urlOf('configured', '/'));
});

test('Google sign-in comes back to the page that asked for it', async ({ page }) => {
  await page.goto(urlOf('configured', '/mypage'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage$/);
  await page.getByRole('link', { name: 'Google로 시작하기' }).click();
  // A first sign-in finishes on /register/sns before anything else.
  await expect(page).toHaveURL(urlOf('configured', '/register/sns'));
});

test('the main server, without keys, offers only the stand-in\'s Kakao and Naver (tests/e2e/social-stand-in.spec.ts)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: /시작하기/ })).toHaveText(['카카오로 시작하기', '네이버로 시작하기']);
  await expect(page.getByRole('link', { name: '이메일로 로그인' })).toBeVisible();
});

test('a failed social sign-in is explained in Korean', async ({ page }) => {
  await page.goto(urlOf('configured', '/login/kakao/callback?error=access_denied'));
  await expect(page).toHaveURL(urlOf('configured', '/login?error=cancelled'));
  await expect(page.getByRole('alert')).toHaveText('로그인을 취소했어요. 다시 시도해 주세요.');
});
