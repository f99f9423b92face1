import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { apiHeaders } from './members.ts';
import { signInAsMember } from './sign-in.ts';

/**
 * Opening the notification list marks the newest notification read (SPEC section 4); a browser
 * that only prefetches the page, because a link to it is on screen, has not opened anything.
 * member4 receives nothing in the other specs' notification tests. It runs on the phone alone
 * (playwright.config.ts): run on both projects, member4 would race with itself.
 */

const hasNew = async (request: APIRequestContext): Promise<boolean> => {
  const res = await request.get('/api/notifications/new', { headers: await apiHeaders(request) });
  return ((await res.json()) as { data: unknown }).data !== null;
};

test('a prefetch of /notification leaves the newest notification unread; opening the page reads it', async ({ browser }) => {
  const recipient = await (await browser.newContext()).newPage();
  const actor = await (await browser.newContext()).newPage();
  await signInAsMember(recipient, 'member4@example.com');
  await signInAsMember(actor, 'member1@example.com');

  const categories = (await (await recipient.request.get('/api/square-post-categories')).json()) as {
    data: { id: number; is_protected: boolean; write_scope: string }[];
  };
  const board = categories.data.find((category) => !category.is_protected && category.write_scope === 'member')!;
  const written = await recipient.request.post('/api/square-posts', {
    headers: await apiHeaders(recipient.request),
    data: { square_post_category_id: board.id, title: '미리 가져오기 확인', content: '<p>알림이 읽히지 않아야 해요.</p>' },
  });
  expect(written.status()).toBe(201);
  const postId = ((await written.json()) as { data: { id: number } }).data.id;
  const commented = await actor.request.post('/api/comments', {
    headers: await apiHeaders(actor.request),
    data: { model_type: 'square_post', model_id: postId, content: '잘 읽었어요' },
  });
  expect(commented.status()).toBe(201);
  expect(await hasNew(recipient.request)).toBe(true);

  // The browser prefetches the page as it would a link it expects to be followed.
  await recipient.goto('/about');
  const prefetch = recipient.waitForRequest((request) => new URL(request.url()).pathname === '/notification');
  await recipient.evaluate(() => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = '/notification';
    document.head.append(link);
  });
  const request = await prefetch;
  expect(await request.headerValue('sec-purpose')).toContain('prefetch');
  await request.response();
  expect(await hasNew(recipient.request)).toBe(true);

  await recipient.goto('/notification');
  await expect(recipient.getByRole('heading', { level: 1, name: '알림' })).toBeVisible();
  await expect.poll(() => hasNew(recipient.request)).toBe(false);
});
