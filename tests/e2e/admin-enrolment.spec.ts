import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { seriousViolations } from './a11y.ts';
import { MEMBER_PASSWORD } from './members.ts';
import { urlOf } from './servers.ts';

// staff@example.com (리추얼 운영팀) comes without a second factor. Each server of the run has its
// own database, so each project enrols it once on a server of its own.
const serverOf = (project: string) => (project === 'mobile' ? 'configured' : 'main');

test('a staff account enrols its authenticator, keeps its recovery codes and opens the console', async ({ page }, testInfo) => {
  const at = (path: string) => urlOf(serverOf(testInfo.project.name), path);
  const token = await page.request.get(at('/csrf-token'));
  const { csrf_token: csrfToken } = (await token.json()) as { csrf_token: string };
  const signedIn = await page.request.post(at('/login'), {
    headers: { 'X-XSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    data: { email: 'staff@example.com', password: MEMBER_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto(at('/admin/notices'));
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await expect(page.getByRole('heading', { level: 1, name: '2단계 인증 설정' })).toBeVisible();
  await expect(page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);

  const right = await generate({ secret });
  await page.getByLabel('인증 앱에 보이는 6자리 코드').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '설정 완료' }).click();
  await expect(page.getByRole('alert')).toContainText('인증 코드가 맞지 않아요');

  await page.getByLabel('인증 앱에 보이는 6자리 코드').fill(await generate({ secret }));
  await page.getByRole('button', { name: '설정 완료' }).click();
  const codes = page.getByRole('region', { name: '복구 코드' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{2}$/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: '운영 콘솔 열기' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: '새로고침' })).toBeVisible();
  // Enrolled now: the page asks for a code from here on, and does not offer a new QR code.
  await page.goto(at('/admin/second-factor'));
  await expect(page).toHaveURL(/\/admin\/?$/);
});
