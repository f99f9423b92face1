import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';

// The main e2e server has no social keys: its 카카오 and 네이버 buttons go through the site's own
// stand-in (src/server/modules/social/stand-in.ts), over the real OAuth code path.

const uniqueEmail = (provider: string, project: string) => `${provider}.${project}.${Date.now()}@example.com`;

async function openConsent(page: Page, label: '카카오' | '네이버'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: `${label}로 시작하기` }).click();
  await expect(page).toHaveURL(/\/dev\/oauth\/(kakao|naver)\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`테스트용 ${label} 로그인`);
  await expect(page.getByText(`로컬 테스트용 ${label} 로그인이에요.`)).toBeVisible();
  await expect(page.getByText(`실제 ${label} 계정이 아니며 개발 환경에서만 보여요.`)).toBeVisible();
}

test('a new member signs in with the stand-in Kakao, agrees on /register/sns and lands home signed in', async ({ page }, info) => {
  await openConsent(page, '카카오');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByLabel('닉네임')).toHaveValue('카카오친구');
  await page.getByLabel('닉네임').fill('아침햇살');
  await page.getByLabel('이메일').fill(uniqueEmail('kakao', info.project.name));
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();

  await expect(page).toHaveURL('/register/sns');
  // Typing before the island hydrates would be lost to React's first render.
  await page.locator('astro-island[component-export="SnsRegisterForm"]:not([ssr])').waitFor({ state: 'attached' });
  await expect(page.getByLabel('닉네임')).toHaveValue(/^아침햇살(\d{4})?$/);
  await page.getByLabel('아이디').fill(`standin.${info.project.name}${Date.now() % 100000}`);
  await expect(page.getByText('사용 가능한 아이디입니다.')).toBeVisible();
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: '시작하기' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: '로그인', exact: true })).toHaveCount(0);
});

test('the stand-in Naver signs a new member in and asks for names on /register/sns', async ({ page }, info) => {
  await openConsent(page, '네이버');
  await expect(page.getByLabel('닉네임')).toHaveValue('네이버친구');
  await page.getByLabel('이메일').fill(uniqueEmail('naver', info.project.name));
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await expect(page).toHaveURL('/register/sns');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('거의 다 왔어요');
});

test('취소 on the stand-in\'s consent page returns to /login with the cancelled message', async ({ page }) => {
  await openConsent(page, '카카오');
  await page.getByLabel('닉네임').fill('');
  await page.getByRole('button', { name: '취소' }).click();
  await expect(page).toHaveURL('/login?error=cancelled');
  await expect(page.getByRole('alert')).toHaveText('로그인을 취소했어요. 다시 시도해 주세요.');
});

test('the stand-in answers only for Kakao and Naver, and says so when a request is not its app\'s', async ({ page }) => {
  expect((await page.goto('/dev/oauth/google'))?.status()).toBe(404);
  const forged = await page.goto('/dev/oauth/kakao?response_type=code&client_id=ritual-local-kakao&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&state=s');
  expect(forged?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('로그인을 마치고 돌아갈 주소가 등록된 주소와 달라요.');
  await expect(page.getByRole('button', { name: '동의하고 계속하기' })).toHaveCount(0);
  await page.getByRole('link', { name: '로그인 화면으로 가기' }).click();
  await expect(page).toHaveURL('/login');
});
