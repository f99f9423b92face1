import { expect, test } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '../../src/server/db/seed/staff.ts';
import { seriousViolations } from './a11y.ts';
import { apiHeaders, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { enterAdminCode, openMenu, searchList } from './console.ts';

test('a guest is sent to sign in, and a member is not told the console exists', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await signInAsMember(page);
  const res = await page.goto('/admin/notices');
  expect(res?.status()).toBe(404);
  expect((await page.goto('/admin/second-factor'))?.status()).toBe(404);
});

test('the administrator enters a code, publishes a notice, and a guest reads it', async ({ page, browser }, testInfo) => {
  await signInAsMember(page, DEMO_ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await expect(page.getByRole('heading', { level: 1, name: '2단계 인증' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await waitForIsland(page, 'SecondFactorForm');

  await page.getByLabel('인증 코드 또는 복구 코드').fill('000000');
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('alert')).toContainText('인증 코드가 맞지 않아요');

  await enterAdminCode(page);

  await openMenu(page, '공지사항');
  await expect(page).toHaveURL(/\/admin\/notices/);
  await page.getByRole('link', { name: '새로 만들기' }).click();
  const title = `콘솔에서 쓴 공지 ${testInfo.project.name} ${Date.now()}`;
  await page.getByRole('textbox', { name: '제목', exact: true }).fill(title);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('연말 리추얼 일정을 안내드려요.');
  // A minute ago in the browser's zone (the datetime-local input's), so it heads the guests' list.
  const minuteAgo = await page.evaluate(() => {
    const at = new Date(Date.now() - 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await page.getByLabel(/게시 시각/).fill(minuteAgo);
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('만들었어요')).toBeVisible();
  await page.getByRole('textbox', { name: '제목 검색' }).fill(title);
  await expect(page.getByRole('cell', { name: title })).toBeVisible();

  const guest = await browser.newPage();
  await guest.goto('/notice');
  await guest.getByRole('link', { name: title }).click();
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText('연말 리추얼 일정을 안내드려요.')).toBeVisible();
  await guest.close();
  // Taken down again, so the specs that read the demo's notices in order find them as seeded.
  const { data: written } = (await (await page.request.get(`/api/admin/notices?q=${encodeURIComponent(title)}`)).json()) as { data: { id: number }[] };
  const removed = await page.request.delete(`/api/admin/notices/${written[0]!.id}`, { headers: await apiHeaders(page.request) });
  expect(removed.status()).toBe(204);

  await openMenu(page, '감사 기록');
  // In the console's words: what was done to what, not notice or delete.
  const noticeRows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: /^공지사항 #\d+$/ }) });
  await expect(noticeRows.filter({ has: page.getByRole('cell', { name: '삭제', exact: true }) }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'notice' })).toHaveCount(0);

  // The shop's products, with a product's options and pictures under its form.
  await openMenu(page, '상품');
  await searchList(page, '상품명 검색', '감사 일기 100일 노트');
  await page.getByRole('cell', { name: '감사 일기 100일 노트' }).click();
  await expect(page.getByRole('textbox', { name: '상품명' })).toHaveValue('감사 일기 100일 노트');
  await expect(page.getByRole('link', { name: '사진 올리기' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
