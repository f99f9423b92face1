import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { HIDDEN_CONTENT_TEXT } from '../../src/lib/moderation.ts';
import { apiHeaders } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { openConsole, openMenu } from './console.ts';

interface Category {
  id: number;
  write_scope: string;
  is_protected: boolean;
}

/** A post by one demo member with a comment by another, through the API; answers the post's path. */
async function postWithComment(author: Page, commenter: Page, comment: string): Promise<string> {
  const categories = (await (await author.request.get('/api/square-post-categories')).json()) as { data: Category[] };
  const open = categories.data.find((category) => category.write_scope === 'member' && !category.is_protected);
  if (!open) throw new Error('no open board in the demo data');
  const created = await author.request.post('/api/square-posts', {
    headers: await apiHeaders(author.request),
    data: { square_post_category_id: open.id, title: `신고 받을 글 ${Date.now().toString(36)}`, content: '<p>오늘의 기록이에요.</p>' },
  });
  expect(created.status()).toBe(201);
  const { data: post } = (await created.json()) as { data: { id: number; category: { slug: string } } };
  const commented = await commenter.request.post('/api/comments', {
    headers: await apiHeaders(commenter.request),
    data: { model_type: 'square_post', model_id: post.id, content: comment },
  });
  expect(commented.status()).toBe(201);
  return `/square/${post.category.slug}/${post.id}`;
}

test('a member reports a comment, the administrator hides it, and only the notice is left', async ({ browser }, testInfo) => {
  const author = await browser.newPage();
  const commenter = await browser.newPage();
  const reporter = await browser.newPage();
  await signInAsMember(author, 'member4@example.com');
  await signInAsMember(commenter, 'member5@example.com');
  await signInAsMember(reporter, 'member2@example.com');
  const comment = `신고될 댓글 ${testInfo.project.name} ${Date.now().toString(36)}`;
  const path = await postWithComment(author, commenter, comment);

  await reporter.goto(path);
  // The server's copy of the list, its buttons waiting, gives way to the island's when it wakes: a
  // click finds the comment again once it is replaced (scrolling to it first failed on the old one).
  const item = reporter.locator('article.comment', { hasText: comment });
  await item.getByRole('button', { name: '신고' }).click();
  const dialog = reporter.getByRole('dialog', { name: '이 댓글을 신고할까요?' });
  await dialog.getByRole('radio', { name: '욕설·비방' }).check();
  await dialog.getByLabel('자세한 내용 (선택)').fill('다른 회원을 비방해요.');
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await expect(reporter.getByRole('dialog', { name: '신고가 접수되었어요' })).toBeVisible();
  await reporter.getByRole('button', { name: '닫기' }).click();
  await expect(item.getByRole('button', { name: '신고됨' })).toBeDisabled();

  const admin = await browser.newPage();
  await openConsole(admin);
  await openMenu(admin, '신고');
  await expect(admin).toHaveURL(/\/admin\/reports/);
  await admin.getByRole('cell', { name: comment }).click();
  await expect(admin.getByText('다른 회원을 비방해요.')).toBeVisible();
  await expect(admin.getByText('욕설·비방').first()).toBeVisible();
  await admin.getByRole('button', { name: '숨기기' }).click();
  await expect(admin.getByText('숨겼어요. 신고도 처리되었어요.')).toBeVisible();
  await expect(admin.getByText('처리됨 · 숨김')).toBeVisible();
  // The item is named in Korean, by kind and number: 신고 댓글 #783, not 신고 #comment-783.
  await expect(admin.getByText(/^신고 댓글 #\d+$/)).toBeVisible();
  await expect(admin.getByText(/comment-\d+/)).toHaveCount(0);
  await openMenu(admin, '감사 기록');
  const hiding = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: '숨김', exact: true }) });
  await expect(hiding.filter({ has: admin.getByRole('cell', { name: /^댓글 #\d+$/ }) }).first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'hide' })).toHaveCount(0);

  await reporter.goto(path);
  const hidden = reporter.locator('article.comment', { hasText: HIDDEN_CONTENT_TEXT });
  await expect(hidden).toBeVisible();
  await expect(reporter.getByText(comment)).toHaveCount(0);

  const guest = await browser.newPage();
  const answer = await guest.goto(path);
  expect(answer?.status()).toBe(200);
  await expect(guest.locator('.post-body')).toBeVisible();
  expect(await guest.content()).not.toContain(comment);
  await expect(guest.getByText(HIDDEN_CONTENT_TEXT)).toHaveCount(0);
  for (const page of [author, commenter, reporter, admin, guest]) await page.close();
});
