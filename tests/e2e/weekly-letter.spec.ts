import { expect, test } from '@playwright/test';
import { DEVELOPMENT_APP_KEY } from '../../src/server/development-key.ts';
import { unsubscribeToken } from '../../src/server/modules/weekly-letter/unsubscribe.ts';
import { createVerifiedMember, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

test('주간 레터 is turned on in 알림 설정 and off from the letter’s link, which asks before it changes anything', async ({ page, browser }) => {
  const account = await createVerifiedMember(page.request, 'letter');
  await signInAsMember(page, account.email);
  await page.goto('/mypage/notifications');
  await waitForIsland(page, 'NotificationSettings');
  const toggle = page.getByRole('checkbox', { name: '주간 레터 메일 받기 (매주 월요일 아침, 지난주 리추얼 방 소식)' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const digest = async () => ((await (await page.request.get('/api/me/notification-settings')).json()) as { data: { email_digest: boolean } }).data.email_digest;
  await expect.poll(digest).toBe(true);

  // The link in the letter, opened where nobody is signed in (the e2e server keeps the development key).
  const { data: user } = (await (await page.request.get('/api/user')).json()) as { data: { id: number } };
  const reader = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const letterLink = await reader.newPage();
  await letterLink.goto(`/weekly-letter/unsubscribe?token=${unsubscribeToken(DEVELOPMENT_APP_KEY, user.id)}`);
  await expect(letterLink.getByRole('heading', { name: '주간 레터를 그만 받을까요?' })).toBeVisible();
  expect(await digest()).toBe(true);
  await letterLink.getByRole('button', { name: '주간 레터 그만 받기' }).click();
  await expect(letterLink.getByRole('heading', { name: '주간 레터를 보내지 않을게요' })).toBeVisible();
  expect(await digest()).toBe(false);
  await reader.close();

  await page.reload();
  await waitForIsland(page, 'NotificationSettings');
  await expect(toggle).not.toBeChecked();
});
