import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { apiHeaders, createVerifiedMember, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

test('a member exports what they wrote from 마이페이지, downloads the ZIP, and the deletion page offers it too', async ({ page }) => {
  const account = await createVerifiedMember(page.request, 'export');
  await signInAsMember(page, account.email);
  const categories = (await (await page.request.get('/api/square-post-categories')).json()) as {
    data: Array<{ id: number; write_scope: string; is_protected: boolean }>;
  };
  const open = categories.data.find((category) => category.write_scope === 'member' && !category.is_protected)!;
  const title = `내보낼 첫 기록 ${Date.now().toString(36)}`;
  const written = await page.request.post('/api/square-posts', {
    headers: await apiHeaders(page.request),
    data: { square_post_category_id: open.id, title, content: '<p>아침마다 창문을 열고 스트레칭을 했어요.</p>' },
  });
  expect(written.status(), await written.text()).toBe(201);

  await page.goto('/mypage');
  const section = page.getByRole('region', { name: '내 기록 내보내기' });
  await section.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'MemberExport');
  await section.getByRole('button', { name: '내 기록 내보내기' }).click();
  await expect(section.getByText('준비 중이에요. 다 되면 알림과 메일로 알려 드릴게요.')).toBeVisible();

  // The e2e server builds exports every 2 seconds (EXPORT_INTERVAL_SECONDS); the island polls every 3.
  const link = section.getByRole('link', { name: '내려받기' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(/까지 내려받을 수 있어요 \(7일 뒤 만료\)\./)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^ritual-records-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['data.json', 'index.html']));
  const data = JSON.parse(strFromU8(files['data.json']!)) as { profile: { email: string }; square_posts: { title: string; content_html: string }[] };
  expect(data.profile.email).toBe(account.email);
  expect(data.square_posts).toEqual([expect.objectContaining({ title, content_html: expect.stringContaining('아침마다 창문을 열고 스트레칭을 했어요.') })]);
  expect(strFromU8(files['index.html']!)).toContain(title);

  await page.goto('/mypage/delete');
  const offer = page.getByRole('region', { name: '내 기록 내보내기' });
  await expect(offer.getByText('탈퇴하기 전에 내 기록')).toBeVisible();
  await expect(offer.getByRole('link', { name: '내려받기' })).toBeVisible();
});
