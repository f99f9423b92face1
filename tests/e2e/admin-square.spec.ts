import { expect, test } from '@playwright/test';
import { HIDDEN_CONTENT_TEXT } from '../../src/lib/moderation.ts';
import { openConsole, openMenu } from './console.ts';
import { apiHeaders } from './members.ts';
import { signInAsMember } from './sign-in.ts';

test('the administrator protects a square category with a password, renames it without losing the password, then takes it away', async ({ page, browser }, testInfo) => {
  // The console's journey end to end: 26-28 s of the default 30 on a loaded two-core machine.
  test.slow();
  await openConsole(page);
  await openMenu(page, '광장 분류');
  await page.getByRole('link', { name: '새로 만들기' }).click();
  const slug = `club-${testInfo.project.name}-${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: '분류 이름', exact: true }).fill('겨울 독서 모임');
  await page.getByRole('textbox', { name: /^주소/ }).fill(slug);
  // Staff-only writing, so that specs looking for a board members write in never pick this one.
  await page.getByRole('combobox', { name: '글을 쓸 수 있는 사람' }).click();
  await page.getByRole('option', { name: '운영진만' }).click();
  await page.locator('input[name="new_password"]').fill('겨울숲2026');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('만들었어요')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/square-categories$/);

  const guest = await browser.newPage();
  const locked = guest.getByRole('heading', { level: 2, name: /비밀번호/ });
  await guest.goto(`/square/${slug}`);
  await expect(locked).toBeVisible();

  // An edit that leaves the password field empty keeps the password.
  await page.getByRole('row').filter({ hasText: slug }).click();
  await expect(page).toHaveURL(/\/admin\/square-categories\/\d+$/);
  await page.getByRole('textbox', { name: '분류 이름', exact: true }).fill('겨울 독서 모임 (12월)');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page).toHaveURL(/\/admin\/square-categories$/);
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('겨울 독서 모임 (12월)');
  await expect(locked).toBeVisible();

  await page.getByRole('row').filter({ hasText: slug }).click();
  await expect(page).toHaveURL(/\/admin\/square-categories\/\d+$/);
  await page.getByRole('switch', { name: '비밀번호 없애기' }).check();
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page).toHaveURL(/\/admin\/square-categories$/);
  await guest.reload();
  await expect(locked).toHaveCount(0);
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('겨울 독서 모임 (12월)');
  await guest.close();

  // Taken away again: the square's other specs read the demo boards.
  await page.getByRole('row').filter({ hasText: slug }).click();
  await expect(page).toHaveURL(/\/admin\/square-categories\/\d+$/);
  await page.getByRole('button', { name: '삭제' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/admin\/square-categories$/);
  await expect(page.getByRole('row').filter({ hasText: slug })).toHaveCount(0);
});

test("the administrator finds a member's room post in the console, hides it and restores it", async ({ page, browser }, testInfo) => {
  // The console's journey end to end: 26-28 s of the default 30 on a loaded two-core machine.
  test.slow();
  // The test's own post, taken away at the end: the demo rooms are read by other specs.
  const member = await browser.newPage();
  await signInAsMember(member, 'member2@example.com');
  const rooms = (await (await member.request.get('/api/ritual-sessions/users/me')).json()) as { data: { id: number; state: string }[] };
  const room = rooms.data.find((item) => item.state === 'running');
  if (!room) throw new Error('the demo member has no running room');
  const text = `콘솔에서 살펴볼 회고 ${testInfo.project.name} ${Date.now().toString(36)}`;
  const created = await member.request.post(`/api/ritual-sessions/${room.id}/posts`, {
    headers: await apiHeaders(member.request),
    data: { category: 'retrospect', content: `<p>${text}</p>` },
  });
  expect(created.status()).toBe(201);
  const { data: post } = (await created.json()) as { data: { id: number } };

  await openConsole(page);
  await openMenu(page, '리추얼 방 게시물');
  await expect(page).toHaveURL(/\/admin\/room-posts/);
  await page.getByPlaceholder('제목·내용 검색').fill(text);
  // The search applies after a pause and takes the page back to the list: wait for it before opening a row.
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('게시 중');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/room-posts/${post.id}/show$`));
  await page.getByRole('button', { name: '숨기기' }).click();
  await expect(page.getByText('숨겼어요.')).toBeVisible();
  await expect(page.getByRole('button', { name: '숨기기' })).toBeDisabled();
  await member.goto(`/room/${room.id}/${post.id}`);
  await expect(member.getByRole('main')).toContainText(HIDDEN_CONTENT_TEXT);
  await expect(member.getByRole('main')).not.toContainText(text);

  await page.getByRole('button', { name: '복원' }).click();
  await expect(page.getByText('다시 보이게 했어요.')).toBeVisible();
  await member.reload();
  await expect(member.getByRole('main')).toContainText(text);

  const removed = await member.request.delete(`/api/ritual-sessions/${room.id}/posts/${post.id}`, { headers: await apiHeaders(member.request) });
  expect(removed.status()).toBe(204);
  await member.close();
});
