import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { newestMail, pathOf, registerByApi, uniqueAccount, waitForIsland } from './members.ts';

const NEW_PASSWORD = 'Fresh-start24!';

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await waitForIsland(page, 'LoginForm');
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

test.describe('sign-in', () => {
  test('a wrong password is told in Korean; the right one lands home signed in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('로그인');
    await expect(page.getByRole('main').getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/register');
    await page.getByRole('link', { name: '이메일로 로그인' }).click();
    await expect(page).toHaveURL('/login/email');
    await expect(page.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute('href', '/forgot-password');

    await signInThroughForm(page, 'member2@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('이메일 또는 비밀번호가 올바르지 않습니다.');
    await expect(page.getByLabel('이메일', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('비밀번호', { exact: true }).fill('Passw0rd!');
    await page.getByLabel('로그인 상태 유지').check();
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('느린걸음님, 오늘도 반가워요.')).toBeVisible();
    await expect(page.getByRole('link', { name: '로그인', exact: true })).toHaveCount(0);
  });

  test('lists the messages of empty fields', async ({ page }) => {
    await page.goto('/login/email');
    await waitForIsland(page, 'LoginForm');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['이메일을 입력해 주세요.', '비밀번호를 입력해 주세요.']);
  });

  test('follows a redirect on this site after signing in, and never one to another site', async ({ page, context }) => {
    await page.goto('/login?redirect=%2Fsquare');
    await page.getByRole('link', { name: '이메일로 로그인' }).click();
    await expect(page).toHaveURL('/login/email?redirect=%2Fsquare');
    await signInThroughForm(page, 'member3@example.com', 'Passw0rd!');
    await expect(page).toHaveURL('/square');

    // Each of these resolves to //evil.example/… on the way: the browser must stay on this site.
    for (const bypass of ['/\t/evil.example/phish', '/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x']) {
      await context.clearCookies();
      await page.goto(`/login/email?redirect=${encodeURIComponent(bypass)}`);
      await signInThroughForm(page, 'member3@example.com', 'Passw0rd!');
      await expect(page, bypass).toHaveURL('/');
    }
  });
});

test.describe('sign-up and e-mail verification', () => {
  test('checks availability live, ticks the password rules, lands on /verify-email and verifies by the mailed link', async ({
    page,
  }) => {
    const account = uniqueAccount('join');
    await page.goto('/register');
    await waitForIsland(page, 'RegisterForm');

    const email = page.getByLabel('이메일', { exact: true });
    await email.fill('member1@example.com');
    await email.blur();
    await expect(page.getByText('이미 가입된 이메일입니다.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    // No blur this time: the check follows the pause in typing.
    await email.fill(account.email);
    await expect(page.getByText('사용 가능한 이메일입니다.')).toBeVisible();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');

    const rules = page.getByRole('list', { name: '비밀번호 조건' }).getByRole('listitem');
    await expect(rules).toHaveCount(4);
    await expect(rules.and(page.locator('[data-met="true"]'))).toHaveCount(0);
    const password = page.getByLabel('비밀번호', { exact: true });
    await password.fill('abc1');
    await expect(rules.filter({ hasText: '영문 포함' })).toHaveAttribute('data-met', 'true');
    await expect(rules.filter({ hasText: '숫자 포함' })).toHaveAttribute('data-met', 'true');
    await expect(rules.filter({ hasText: '특수문자 포함' })).toHaveAttribute('data-met', 'false');
    await expect(rules.filter({ hasText: '8자 이상' })).toHaveAttribute('data-met', 'false');
    await password.fill(NEW_PASSWORD);
    for (const rule of await rules.all()) await expect(rule).toHaveAttribute('data-met', 'true');

    const confirmation = page.getByLabel('비밀번호 확인', { exact: true });
    await confirmation.fill('Fresh-start');
    await confirmation.blur();
    await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
    await confirmation.fill(NEW_PASSWORD);
    await expect(page.getByText('비밀번호가 일치합니다.')).toBeVisible();

    const nickname = page.getByLabel('닉네임', { exact: true });
    await nickname.fill('아침햇살');
    await expect(page.getByText('이미 사용 중인 닉네임입니다.')).toBeVisible();
    await expect(nickname).toHaveAccessibleDescription(/이미 사용 중인 닉네임입니다\./);
    await nickname.fill('운영자');
    await expect(page.getByText('사용할 수 없는 닉네임입니다.')).toBeVisible();
    await nickname.fill(account.nickname);
    await expect(page.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
    const username = page.getByLabel('아이디', { exact: true });
    await username.fill('member1');
    await username.blur();
    await expect(page.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
    await username.fill(account.username);
    await username.blur();
    await expect(page.getByText('사용 가능한 아이디입니다.')).toBeVisible();

    const submit = page.getByRole('button', { name: '가입하기' });
    await expect(submit).toBeDisabled();
    const all = page.getByLabel('전체 동의');
    await all.check();
    await expect(page.getByLabel('(필수) 이용약관 동의')).toBeChecked();
    await expect(page.getByLabel('(필수) 개인정보 수집 및 이용 동의')).toBeChecked();
    await page.getByLabel('(선택) 마케팅 정보 수신 동의').uncheck();
    await expect(all).not.toBeChecked();
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('link', { name: /이용약관 전문/ })).toHaveAttribute('href', '/terms/policy');
    await expect(page.getByRole('link', { name: /개인정보 수집 및 이용 전문/ })).toHaveAttribute('href', '/terms/privacy');

    await submit.click();
    await expect(page).toHaveURL('/verify-email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('이메일을 인증해 주세요');
    await expect(page.getByText(account.email)).toBeVisible();
    await newestMail(account.email, 1);

    await waitForIsland(page, 'ResendVerification');
    const resend = page.getByRole('button', { name: '인증 메일 다시 보내기' });
    await resend.click();
    await expect(page.getByRole('status')).toContainText('인증 메일을 다시 보냈어요');
    const mail = await newestMail(account.email, 2);
    expect(mail.subject).toContain('인증');
    await resend.click();
    await expect(page.getByRole('alert')).toContainText('인증 메일은 1분에 한 번 보낼 수 있어요.');
    await expect(page.getByRole('alert')).toContainText(/\d+초 후에 다시 시도해 주세요/);

    await page.goto(pathOf(mail));
    await expect(page).toHaveURL('/verify-email?verified=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('이메일 인증이 완료되었어요');
    await expect(page.getByRole('main').getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/');
  });

  test('shows each field its own messages when the server refuses the form', async ({ page }) => {
    await page.goto('/register');
    await waitForIsland(page, 'RegisterForm');
    await page.getByLabel('(필수) 이용약관 동의').check();
    await page.getByLabel('(필수) 개인정보 수집 및 이용 동의').check();
    await page.getByLabel('닉네임', { exact: true }).fill('가');
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByRole('alert')).toContainText('입력한 내용을 다시 확인해 주세요.');
    const email = page.getByLabel('이메일', { exact: true });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription(/이메일을 입력해 주세요/);
    await expect(page.getByLabel('닉네임', { exact: true })).toHaveAccessibleDescription(/닉네임은 2자 이상 12자 이하로/);
    await expect(page.getByLabel('아이디', { exact: true })).toHaveAccessibleDescription(/아이디를 입력해 주세요/);
  });

  test('tells a guest how verification works, and what a broken link means', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('이메일 인증');
    await expect(page.getByRole('main').getByRole('link', { name: '로그인하기' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fverify-email',
    );
    await page.goto('/verify-email?error=expired');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('인증 링크를 사용할 수 없어요');
    await expect(page.getByText('링크가 만료되었어요')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '로그인하기' })).toBeVisible();
    await page.goto('/email/verify/1/abc?expires=1&signature=forged');
    await expect(page).toHaveURL('/verify-email?error=invalid');
    await expect(page.getByText('링크가 올바르지 않아요.')).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('resets a forgotten password through the mailed link, then signs in with the new one', async ({ page, request }) => {
    const account = uniqueAccount('reset');
    await registerByApi(request, account);

    await page.goto('/login/email');
    await page.getByRole('link', { name: '비밀번호 찾기' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await waitForIsland(page, 'ForgotPasswordForm');
    await page.getByLabel('가입한 이메일').fill(account.email);
    await page.getByRole('button', { name: '재설정 메일 받기' }).click();
    await expect(page.getByRole('status')).toHaveText(/비밀번호 재설정 링크를 보냈어요/);
    await expect(page.getByRole('button', { name: '재설정 메일 받기' })).toBeEnabled();

    const mail = await newestMail(account.email, 2);
    expect(mail.subject).toContain('비밀번호 재설정');
    const link = pathOf(mail);
    await page.goto(link);
    await waitForIsland(page, 'ResetPasswordForm');
    const email = page.getByLabel('이메일', { exact: true });
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');

    // A weak password is refused with the server's Korean message, listed under the form.
    await page.getByLabel('새 비밀번호', { exact: true }).fill('short');
    await page.getByLabel('새 비밀번호 확인').fill('short');
    await page.getByRole('button', { name: '비밀번호 재설정' }).click();
    await expect(page.getByRole('alert')).toContainText('비밀번호는 영문, 숫자, 특수문자를 모두 포함해');

    await page.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('새 비밀번호 확인').fill(NEW_PASSWORD);
    const rules = page.getByRole('list', { name: '비밀번호 조건' }).getByRole('listitem');
    for (const rule of await rules.all()) await expect(rule).toHaveAttribute('data-met', 'true');
    await page.getByRole('button', { name: '비밀번호 재설정' }).click();
    const dialog = page.getByRole('alertdialog', { name: '비밀번호가 재설정 되었습니다' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL('/login/email');

    // The link was single-use: opening it again explains and points to a new mail.
    await page.goto(link);
    await waitForIsland(page, 'ResetPasswordForm');
    await page.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('새 비밀번호 확인').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '비밀번호 재설정' }).click();
    await expect(page.getByRole('alert')).toContainText('링크가 올바르지 않거나 만료되었습니다');
    await expect(page.getByRole('alert').getByRole('link', { name: '재설정 메일 다시 받기' })).toHaveAttribute(
      'href',
      `/forgot-password?email=${encodeURIComponent(account.email)}`,
    );

    await page.goto('/login/email');
    await signInThroughForm(page, account.email, NEW_PASSWORD);
    await expect(page).toHaveURL('/');
    await expect(page.getByText(`${account.nickname}님, 오늘도 반가워요.`)).toBeVisible();
  });

  test('a reset page opened without its link explains and offers a new mail', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('재설정 링크가 올바르지 않아요.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '재설정 메일 다시 받기' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test.describe('accessibility', () => {
  for (const path of ['/login', '/login/email', '/register', '/verify-email', '/forgot-password', '/reset-password?token=t&email=a%40example.com']) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }
});
