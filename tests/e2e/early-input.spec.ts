import { expect, test } from '@playwright/test';
import { apiHeaders, holdIslands, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

test('what a member typed before the login form hydrated is what it sends', async ({ page }) => {
  const release = await holdIslands(page);
  await page.goto('/login/email', { waitUntil: 'commit' });
  await page.getByLabel('이메일', { exact: true }).fill('member1@example.com');
  await page.getByLabel('비밀번호', { exact: true }).fill('Passw0rd!');
  expect(await page.locator('astro-island[component-export="LoginForm"][ssr]').count()).toBe(1);
  release();
  await waitForIsland(page, 'LoginForm');
  await expect(page.getByLabel('이메일', { exact: true })).toHaveValue('member1@example.com');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText('이메일을 입력해 주세요.')).toHaveCount(0);
});

test('a comment typed before the thread hydrated is the one posted', async ({ page }) => {
  await signInAsMember(page, 'member3@example.com');
  const categories = (await (await page.request.get('/api/square-post-categories')).json()) as {
    data: Array<{ id: number; write_scope: string; is_protected: boolean }>;
  };
  const open = categories.data.find((category) => category.write_scope === 'member' && !category.is_protected)!;
  const created = await page.request.post('/api/square-posts', {
    headers: await apiHeaders(page.request),
    data: { square_post_category_id: open.id, title: `먼저 쓴 댓글 ${Date.now().toString(36)}`, content: '<p>오늘의 기록이에요.</p>' },
  });
  expect(created.status()).toBe(201);
  const { data: post } = (await created.json()) as { data: { id: number; category: { slug: string } } };

  const release = await holdIslands(page);
  await page.goto(`/square/${post.category.slug}/${post.id}`, { waitUntil: 'commit' });
  const comment = `하이드레이션 전에 쓴 댓글 ${Date.now().toString(36)}`;
  await page.getByLabel('댓글 내용').fill(comment);
  release();
  await page.getByLabel('댓글 내용').scrollIntoViewIfNeeded();
  await waitForIsland(page, 'CommentSection');
  await page.getByRole('button', { name: '댓글 남기기' }).click();
  await expect(page.locator('article.comment', { hasText: comment })).toBeVisible();
  await expect(page.getByLabel('댓글 내용')).toHaveValue('');
});

test('agreements ticked before the sign-up form hydrated stay agreed', async ({ page }) => {
  const release = await holdIslands(page);
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByLabel('(필수) 이용약관 동의').check();
  await page.getByLabel('(필수) 개인정보 수집 및 이용 동의').check();
  release();
  await waitForIsland(page, 'RegisterForm');
  await page.getByRole('button', { name: '가입하기' }).click();
  // The empty fields are refused; the two agreements are not among what is missing.
  await expect(page.getByRole('alert')).toContainText('입력한 내용을 다시 확인해 주세요.');
  await expect(page.getByLabel('이메일', { exact: true })).toHaveAccessibleDescription(/이메일을 입력해 주세요/);
  await expect(page.getByLabel('(필수) 이용약관 동의')).toBeChecked();
  await expect(page.getByText('이용약관에 동의해 주세요.')).toHaveCount(0);
  await expect(page.getByText('개인정보 수집 및 이용에 동의해 주세요.')).toHaveCount(0);
});
