import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { readSmsOutbox } from '../../src/server/adapters/sms/outbox-sms-sender.ts';
import { SMS_OUTBOX, apiHeaders, createVerifiedMember, waitForIsland } from './members.ts';
import type { NewAccount } from './members.ts';
import { signInAsMember } from './sign-in.ts';

const DEFAULT_AVATAR = '/images/default-avatar.svg';
/** An image that loads fine yet has no size at all. */
const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>';

/**
 * Demo members for tests that change nothing of theirs. The desktop and mobile projects run at
 * the same time, so each has its own (member1 belongs to the other specs).
 */
function demoMember() {
  return test.info().project.name === 'mobile'
    ? { email: 'member3@example.com', nickname: '새벽서재', inviteCode: 'DEMO300' }
    : { email: 'member2@example.com', nickname: '느린걸음', inviteCode: 'DEMO200' };
}

const smallPng = () => sharp({ create: { width: 10, height: 10, channels: 3, background: '#f97316' } }).png().toBuffer();

/** The picture's width once loaded: 0 for one that failed or is empty, -1 while loading. */
const loadedWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : -1));

/** A Korean mobile number of this run's own, so the per-number limit and outbox are ours alone. */
const freshPhone = () => {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { digits: `010${digits}`, typed: `010-${digits.slice(0, 4)}-${digits.slice(4)}`, last4: digits.slice(4) };
};

async function newestCode(phone: string): Promise<string> {
  await expect.poll(async () => (await readSmsOutbox(SMS_OUTBOX, { phone })).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  const [message] = await readSmsOutbox(SMS_OUTBOX, { phone });
  if (!message) throw new Error(`no text for ${phone}`);
  return message.code;
}

const profileCard = (page: Page) => page.getByRole('region', { name: '내 프로필' });

// One new member per project and run, shared by these tests in order: POST /register allows ten
// sign-ups an hour per address on the shared server, and the account specs use most of them.
// Deleting the account is therefore the last test here.
test.describe.serial("a new member's own pages", () => {
  let member: NewAccount;

  test.beforeAll(async ({ request }) => {
    member = await createVerifiedMember(request, 'mypage');
  });

  test('shows the profile card, the links, an unverified phone and a new invite code', async ({ page }) => {
    await signInAsMember(page, member.email);
    await page.goto('/mypage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('마이페이지');
    const card = profileCard(page);
    await expect(card.getByText(member.nickname, { exact: true })).toBeVisible();
    await expect(card.getByText(`@${member.username}`)).toBeVisible();
    await expect(card.getByText(member.email)).toBeVisible();
    // Decorative (alt ""), the name being beside it: found by tag, not by role.
    await expect(card.locator('img')).toHaveAttribute('src', DEFAULT_AVATAR);
    await expect(card.locator('img')).toHaveAttribute('width', '48');

    const menu = page.getByRole('navigation', { name: '내 계정' });
    await expect(menu.getByRole('link', { name: '프로필 수정' })).toHaveAttribute('href', '/mypage/profile');
    await expect(menu.getByRole('link', { name: /휴대폰 인증/ })).toHaveAttribute('href', '/mypage/phone');
    await expect(menu.getByRole('link', { name: /휴대폰 인증/ })).toContainText('인증 전');
    await expect(page.getByRole('main').getByRole('link', { name: '회원 탈퇴' })).toHaveAttribute('href', '/mypage/delete');

    const { data } = (await (await page.request.get('/api/me/invite-code')).json()) as { data: { invite_code: string } };
    expect(data.invite_code).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);
    await expect(menu.locator('code')).toHaveText(data.invite_code);
  });

  test('edits the profile: picture with a preview, live username check, introduction count', async ({ page }) => {
    await signInAsMember(page, member.email);
    await page.goto('/mypage/profile');
    await waitForIsland(page, 'ProfileForm');
    const nickname = page.getByLabel('닉네임', { exact: true });
    const username = page.getByLabel('아이디', { exact: true });
    const introduction = page.getByLabel('소개', { exact: true });
    await expect(nickname).toHaveValue(member.nickname);
    await expect(username).toHaveValue(member.username);
    await expect(introduction).toHaveAccessibleDescription('150자 중 0자 입력');
    await expect(page.getByText('JPG, PNG, WEBP, GIF · 10MB 이하')).toBeVisible();

    // A file the browser cannot read as a picture is refused before any upload.
    const picker = page.getByLabel('프로필 사진 선택');
    await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(picker).toHaveAccessibleDescription(/이 형식의 사진은 올릴 수 없어요\. JPG나 PNG로 바꿔 주세요\./);

    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await smallPng() });
    const preview = page.getByRole('img', { name: '새 프로필 사진 미리보기' });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => loadedWidth(preview)).toBeGreaterThan(0);

    // A taken username: told live, then by the server when sent anyway.
    await username.fill('member1');
    await expect(page.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
    await page.getByRole('button', { name: '저장하기' }).click();
    await expect(page.getByRole('alert')).toContainText('입력한 내용을 다시 확인해 주세요.');
    await expect(username).toBeFocused();
    await expect(username).toHaveAccessibleDescription(/이미 사용 중인 아이디입니다\./);

    const renamed = `${member.username.slice(0, 17)}_new`;
    // Nicknames are unique: each project renames its own member to a name of its own.
    const renamedNickname = `바뀐${member.nickname}`;
    await username.fill(renamed);
    await expect(page.getByText('사용 가능한 아이디입니다.')).toBeVisible();
    await nickname.fill('아침햇살');
    await expect(page.getByText('이미 사용 중인 닉네임입니다.')).toBeVisible();
    await nickname.fill(renamedNickname);
    await expect(page.getByText('사용 가능한 닉네임입니다.')).toBeVisible();
    const intro = '매일 아침 한 줄씩 기록하고 있어요.';
    await introduction.fill(intro);
    await expect(introduction).toHaveAccessibleDescription(`150자 중 ${intro.length}자 입력`);
    await page.getByRole('button', { name: '저장하기' }).click();
    await expect(page.getByRole('status')).toContainText('프로필을 저장했어요.');
    const current = page.getByRole('img', { name: '현재 프로필 사진' });
    await expect(current).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
    await expect.poll(() => loadedWidth(current)).toBeGreaterThan(0);

    await page.getByRole('status').getByRole('link', { name: '마이페이지로 가기' }).click();
    await expect(page).toHaveURL('/mypage');
    const card = profileCard(page);
    await expect(card.getByText(renamedNickname, { exact: true })).toBeVisible();
    await expect(card.getByText(`@${renamed}`)).toBeVisible();
    await expect(card.getByText(intro)).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
    member = { ...member, username: renamed, nickname: renamedNickname };
  });

  test('shows the default picture in place of one that loads with no width', async ({ page }) => {
    await signInAsMember(page, member.email);
    // The member's own picture, so this test stands without the one before it.
    const uploaded = await page.request.post('/api/me', {
      headers: await apiHeaders(page.request),
      multipart: { _method: 'PUT', profile_image: { name: 'me.png', mimeType: 'image/png', buffer: await smallPng() } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    await page.route('**/uploads/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: EMPTY_SVG }));

    await page.goto('/mypage');
    const cardImage = profileCard(page).locator('img');
    await expect(cardImage).toHaveAttribute('src', DEFAULT_AVATAR);
    await expect.poll(() => loadedWidth(cardImage)).toBeGreaterThan(0);
    await expect(page.getByRole('banner').locator('a[href="/mypage"] img')).toHaveAttribute('src', DEFAULT_AVATAR);

    // The island's picture follows the same rule.
    await page.goto('/mypage/profile');
    await waitForIsland(page, 'ProfileForm');
    const formImage = page.getByRole('img', { name: '현재 프로필 사진' });
    await expect(formImage).toHaveAttribute('src', DEFAULT_AVATAR);
    await expect.poll(() => loadedWidth(formImage)).toBeGreaterThan(0);
  });

  test('verifies a phone number with the texted code, telling a wrong code and an early resend', async ({ page }) => {
    await signInAsMember(page, member.email);
    // The page's clock, so the minute before a resend can pass at once.
    await page.clock.install();
    await page.goto('/mypage/phone');
    await waitForIsland(page, 'PhoneVerificationForm');
    await expect(page.getByLabel('국가 번호')).toHaveValue('82');
    await expect(page.getByLabel('국가 번호').getByRole('option')).toHaveText(['대한민국 +82', '미국 +1', '일본 +81', '중국 +86']);
    const number = page.getByLabel('휴대폰 번호', { exact: true });
    await expect(number).toHaveAttribute('inputmode', 'tel');

    await number.fill('12345');
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(number).toHaveAccessibleDescription(/올바른 휴대폰 번호를 입력해 주세요\./);

    const phone = freshPhone();
    await number.fill(phone.typed);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요.');
    const code = page.getByLabel('인증번호', { exact: true });
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByRole('timer')).toHaveText(/남은 시간 (3:00|2:5\d)/);
    const resend = page.getByRole('button', { name: '인증번호 다시 받기' });
    await expect(resend).toBeDisabled();

    const sent = await newestCode(phone.digits);
    const wrong = String((Number(sent) + 1) % 1_000_000).padStart(6, '0');
    await code.fill(wrong);
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await expect(code).toHaveAccessibleDescription(/인증번호가 일치하지 않아요\. \(1\/5\)/);

    // A minute on the page's clock: the button wakes, and the server, which keeps real time, says wait.
    await page.clock.fastForward(61_000);
    await expect(resend).toBeEnabled();
    await expect(page.getByRole('timer')).toHaveText(/남은 시간 1:5\d/);
    await resend.click();
    await expect(page.getByRole('alert').filter({ hasText: '요청이 너무 많습니다.' })).toContainText(/초 후에 다시 시도해 주세요\./);

    await code.fill(sent);
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('휴대폰 인증이 완료되었어요.');
    await expect(page.getByText(`+82 010-****-${phone.last4}`)).toBeVisible();

    await page.goto('/mypage');
    await expect(page.getByRole('link', { name: /휴대폰 인증/ })).toContainText(`+82 010-****-${phone.last4}`);
  });

  test('deletes the account after the danger confirm, then signs the member out', async ({ page }) => {
    await signInAsMember(page, member.email);
    await page.goto('/mypage');
    await page.getByRole('main').getByRole('link', { name: '회원 탈퇴' }).click();
    await expect(page).toHaveURL('/mypage/delete');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('회원 탈퇴');
    await expect(page.getByText('주문·결제 기록은 전자상거래 등에서의 소비자보호에 관한 법률에 따라 5년 동안 보관')).toBeVisible();
    await waitForIsland(page, 'DeleteAccountForm');

    const submit = page.getByRole('main').getByRole('button', { name: '탈퇴하기' });
    const reason = page.getByLabel('탈퇴 사유', { exact: true });
    await submit.click();
    await expect(reason).toHaveAccessibleDescription('탈퇴 사유를 선택해 주세요.');
    await reason.selectOption({ label: '기타' });
    await submit.click();
    const detail = page.getByLabel(/자세한 사유/);
    await expect(detail).toHaveAccessibleDescription(/탈퇴 사유를 입력해 주세요\./);
    await detail.fill('다른 서비스로 옮겨요.');
    // It asks who it is before the last question: the password again.
    await submit.click();
    const password = page.getByLabel('비밀번호 확인');
    await expect(password).toHaveAccessibleDescription(/본인 확인을 위해 비밀번호를 입력해 주세요\./);
    await password.fill('Wrong-pass1!');
    await submit.click();
    const confirm = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    await confirm.getByRole('button', { name: '탈퇴하기' }).click();
    await expect(password).toHaveAccessibleDescription(/비밀번호가 올바르지 않아요\./);
    await expect(page).toHaveURL('/mypage/delete');
    await password.fill('Passw0rd!');

    await submit.click();
    await confirm.getByRole('button', { name: '취소' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL('/mypage/delete');

    await submit.click();
    await confirm.getByRole('button', { name: '탈퇴하기' }).click();
    const done = page.getByRole('alertdialog', { name: '탈퇴가 완료되었어요.' });
    await expect(done).toContainText('그동안 함께해 주셔서 고마워요.');
    await done.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/mypage');
    await expect(page).toHaveURL('/login?redirect=%2Fmypage');
    const again = await page.request.post('/login', {
      headers: await apiHeaders(page.request),
      data: { email: member.email, password: 'Passw0rd!' },
    });
    expect(again.status()).toBe(422);
  });
});

test.describe('a demo member', () => {
  test('sees the invite code and copies it', async ({ page, context }) => {
    const demo = demoMember();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsMember(page, demo.email);
    await page.goto('/mypage');
    await expect(page.getByRole('navigation', { name: '내 계정' }).locator('code')).toHaveText(demo.inviteCode);
    await waitForIsland(page, 'InviteCodeCopy');
    await page.getByRole('button', { name: '초대 코드 복사' }).click();
    await expect(page.getByRole('status')).toHaveText('초대 코드를 복사했어요.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demo.inviteCode);
  });

  test('logs out from /mypage and lands home as a guest', async ({ page }) => {
    await signInAsMember(page, demoMember().email);
    await page.goto('/mypage');
    await waitForIsland(page, 'LogoutButton');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/mypage');
    await expect(page).toHaveURL('/login?redirect=%2Fmypage');
  });

  for (const path of ['/mypage', '/mypage/profile', '/mypage/phone', '/mypage/delete']) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await signInAsMember(page, demoMember().email);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }
});
