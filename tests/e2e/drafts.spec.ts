import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { apiHeaders, runningRoomId, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { expect, test } from './staff.ts';

/**
 * Every editor keeps what is typed in the browser, per account, offers it back (이어 쓰기 or
 * 지우기) and forgets it once sent. Each test writes in a fresh browser context as demo members.
 */

interface StoredDraft {
  owner: number;
  place: string;
}

/** The drafts this browser holds, read from IndexedDB as the page sees it; none before any editor opened. */
async function storedDrafts(page: Page): Promise<StoredDraft[]> {
  return page.evaluate(async () => {
    // Opening a database that is not there would create it empty, without its store.
    if (!(await indexedDB.databases()).some((db) => db.name === 'ritual-drafts')) return [];
    return new Promise<StoredDraft[]>((resolve, reject) => {
      const request = indexedDB.open('ritual-drafts');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const all = request.result.transaction('drafts').objectStore('drafts').getAll();
        all.onsuccess = () => {
          resolve((all.result as StoredDraft[]).map(({ owner, place }) => ({ owner, place })));
          request.result.close();
        };
        all.onerror = () => reject(all.error);
      };
    });
  });
}

const places = async (page: Page): Promise<string[]> => (await storedDrafts(page)).map((draft) => draft.place);

/** The editor has asked the browser for a draft left from before (and shown it, when there was one). */
async function draftChecked(page: Page): Promise<void> {
  await expect(page.locator('.draft-notice').first()).not.toHaveAttribute('aria-busy', 'true');
}

const offer = (page: Page): Locator => page.getByRole('status').filter({ hasText: '쓰던 글이 남아 있어요. 이어서 쓸까요?' });

/** Typing has reached the browser's storage: the editor says so under its notice. */
async function expectKept(page: Page): Promise<void> {
  await expect(page.getByText(/이 기기에 임시 저장됨$/)).toBeVisible();
}

// The editors ask before a page with unsent writing is left; a reload in a test is meant.
test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
});

test('a square post survives a reload and a closed tab, is offered back, cleared, and forgotten once sent', async ({ page, context }) => {
  await signInAsMember(page);
  const title = `임시 저장 글 ${Date.now().toString(36)}`;
  await page.goto('/compose/post?category=free');
  await waitForIsland(page, 'PostForm');
  await draftChecked(page);
  await expect(offer(page)).toHaveCount(0);
  const titleField = page.getByRole('textbox', { name: '제목', exact: true });
  await titleField.fill(title);
  await page.getByRole('textbox', { name: '내용' }).click();
  await page.keyboard.type('아침 산책을 하고 물을 두 잔 마셨어요.');
  await expectKept(page);

  await page.reload();
  await waitForIsland(page, 'PostForm');
  await expect(offer(page)).toBeVisible();
  await expect(titleField).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '쓰던 글을 불러왔어요.' })).toBeVisible();
  await expect(titleField).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: '내용' })).toHaveText('아침 산책을 하고 물을 두 잔 마셨어요.');
  await expectKept(page);

  // The tab is closed; a new one in the same browser finds the draft still there.
  await page.close();
  const second = await context.newPage();
  second.on('dialog', (dialog) => void dialog.accept());
  await second.goto('/compose/post?category=free');
  await waitForIsland(second, 'PostForm');
  await expect(offer(second)).toBeVisible();
  await second.getByRole('button', { name: '지우기' }).click();
  await expect(second.getByRole('status').filter({ hasText: '쓰던 글을 지웠어요.' })).toBeVisible();
  await expect(second.getByRole('textbox', { name: '제목', exact: true })).toHaveValue('');
  await expect.poll(() => places(second)).toEqual([]);
  await second.reload();
  await waitForIsland(second, 'PostForm');
  await draftChecked(second);
  await expect(offer(second)).toHaveCount(0);

  // Written again and sent: nothing is left to offer.
  await second.getByRole('textbox', { name: '제목', exact: true }).fill(title);
  await second.getByRole('textbox', { name: '내용' }).click();
  await second.keyboard.type('보내고 나면 남지 않아요.');
  await expectKept(second);
  expect(await places(second)).toEqual(['square-post:new']);
  await second.getByRole('button', { name: '올리기' }).click();
  await second.waitForURL(/\/square\/free\/\d+$/);
  expect(await places(second)).toEqual([]);
  await second.goto('/compose/post?category=free');
  await waitForIsland(second, 'PostForm');
  await draftChecked(second);
  await expect(offer(second)).toHaveCount(0);
});

test("a room's record and thread keep their drafts apart, each offered back and forgotten once sent", async ({ page }) => {
  await signInAsMember(page, 'member2@example.com');
  const roomId = await runningRoomId(page);
  const text = `방 기록 임시 저장 ${Date.now().toString(36)}`;
  await page.goto(`/compose/post?roomId=${roomId}&category=wakeup`);
  await waitForIsland(page, 'RoomPostForm');
  await draftChecked(page);
  await page.getByRole('textbox', { name: '내용' }).click();
  await page.keyboard.type(text);
  await expectKept(page);

  const threadTitle = `스레드 임시 저장 ${Date.now().toString(36)}`;
  await page.goto(`/compose/thread?roomId=${roomId}`);
  await waitForIsland(page, 'RoomPostForm');
  await draftChecked(page);
  // The record's draft is the record's: the thread's editor offers nothing.
  await expect(offer(page)).toHaveCount(0);
  await page.getByRole('textbox', { name: '제목', exact: true }).fill(threadTitle);
  await expectKept(page);
  expect((await places(page)).sort()).toEqual([`room-post:${roomId}`, `thread:${roomId}`]);
  await page.reload();
  await waitForIsland(page, 'RoomPostForm');
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(page.getByRole('textbox', { name: '제목', exact: true })).toHaveValue(threadTitle);

  await page.goto(`/compose/post?roomId=${roomId}&category=wakeup`);
  await waitForIsland(page, 'RoomPostForm');
  await expect(offer(page)).toBeVisible();
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(page.getByRole('textbox', { name: '내용' })).toHaveText(text);
  await page.getByRole('button', { name: '올리기' }).click();
  await page.waitForURL(new RegExp(`/room/${roomId}/\\d+$`));
  await expect(page.getByText(text)).toBeVisible();
  expect(await places(page)).toEqual([`thread:${roomId}`]);
});

test('a comment is kept per account: another member signed in on the same browser never sees it', async ({ page }) => {
  await signInAsMember(page);
  // A demo post of a board the other specs do not write in.
  const posts = (await (await page.request.get('/api/square-posts?category=worries&per_page=5')).json()) as { data: { id: number; category: { slug: string } }[] };
  const [post] = posts.data;
  if (!post) throw new Error('the demo square has no post');
  const postPath = `/square/${post.category.slug}/${post.id}`;
  const box = page.getByRole('textbox', { name: '댓글 내용' });
  const text = `member1의 쓰다 만 댓글 ${Date.now().toString(36)}`;

  await page.goto(postPath);
  await waitForIsland(page, 'CommentSection');
  await draftChecked(page);
  await box.fill(text);
  await expectKept(page);
  await page.reload();
  await waitForIsland(page, 'CommentSection');
  await expect(offer(page)).toBeVisible();
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(box).toHaveValue(text);
  await expectKept(page);

  // Another account on the same browser: the first one's draft is neither offered nor kept.
  await page.context().clearCookies();
  await signInAsMember(page, 'member2@example.com');
  await page.reload();
  await waitForIsland(page, 'CommentSection');
  await draftChecked(page);
  await expect(offer(page)).toHaveCount(0);
  await expect(box).toHaveValue('');
  expect(await storedDrafts(page)).toEqual([]);

  // Their own comment is kept, and forgotten once it went in.
  const theirs = `member2의 댓글 ${Date.now().toString(36)}`;
  await box.fill(theirs);
  await expectKept(page);
  expect(await places(page)).toEqual([`comment:square_post:${post.id}`]);
  await page.getByRole('button', { name: '댓글 남기기' }).click();
  await expect(page.getByText(theirs)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect.poll(() => places(page)).toEqual([]);
});

test('a comment being edited is offered back when 수정 opens again, and forgotten once saved', async ({ page }) => {
  await signInAsMember(page);
  const posts = (await (await page.request.get('/api/square-posts?category=worries&per_page=5')).json()) as { data: { id: number; category: { slug: string } }[] };
  const post = posts.data[1];
  if (!post) throw new Error('the demo square has fewer than two worries');
  await page.goto(`/square/${post.category.slug}/${post.id}`);
  await waitForIsland(page, 'CommentSection');
  const stamp = Date.now().toString(36);
  const original = `고치기 전 댓글 ${stamp}`;
  await page.getByRole('textbox', { name: '댓글 내용' }).fill(original);
  await page.getByRole('button', { name: '댓글 남기기' }).click();
  const mine = page.locator('.comment').filter({ hasText: original });
  await expect(mine).toBeVisible();

  const dialog = page.getByRole('dialog', { name: '댓글 수정' });
  const field = dialog.getByRole('textbox', { name: '댓글 내용' });
  const rewritten = `고치던 댓글 ${stamp}`;
  await mine.getByRole('button', { name: '수정' }).click();
  await expect(field).toHaveValue(original);
  await field.fill(rewritten);
  await expectKept(page);
  expect((await places(page)).filter((place) => place.startsWith('comment-edit:'))).toHaveLength(1);
  // Closed without saving, then the page left: the rewrite waits in the browser.
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await waitForIsland(page, 'CommentSection');
  await mine.getByRole('button', { name: '수정' }).click();
  await expect(field).toHaveValue(original);
  await expect(offer(page)).toBeVisible();
  await dialog.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(field).toHaveValue(rewritten);

  await dialog.getByRole('button', { name: '수정하기' }).click();
  const edited = page.locator('.comment').filter({ hasText: rewritten });
  await expect(edited).toContainText('수정됨');
  await expect.poll(async () => (await places(page)).filter((place) => place.startsWith('comment-edit:'))).toEqual([]);
  await edited.getByRole('button', { name: '수정' }).click();
  await expect(field).toHaveValue(rewritten);
  await expect(dialog.locator('.draft-notice')).not.toHaveAttribute('aria-busy', 'true');
  await expect(offer(page)).toHaveCount(0);
});

test('an inquiry keeps its text, offered back after a reload and forgotten once sent', async ({ page }) => {
  await signInAsMember(page, 'member3@example.com');
  const title = `임시 저장 문의 ${Date.now().toString(36)}`;
  await page.goto('/inquiry/create');
  await waitForIsland(page, 'InquiryForm');
  await draftChecked(page);
  await page.getByLabel('문의 유형').selectOption({ label: '오류 신고' });
  await page.getByLabel('제목', { exact: true }).fill(title);
  await page.getByLabel('문의 내용', { exact: true }).fill('사진이 올라가지 않아요.');
  await expectKept(page);
  await page.reload();
  await waitForIsland(page, 'InquiryForm');
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(page.getByLabel('제목', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('문의 내용', { exact: true })).toHaveValue('사진이 올라가지 않아요.');
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await page.waitForURL(/\/inquiry\/\d+$/);
  expect(await places(page)).toEqual([]);
});

test('a letter being rewritten is offered back over the sealed letter, and forgotten once sealed', async ({ page }) => {
  await signInAsMember(page, 'member3@example.com');
  const roomId = await runningRoomId(page);
  const field = page.getByRole('textbox', { name: '리추얼이 끝나는 날의 나에게' });
  const text = `다시 쓰는 편지 ${Date.now().toString(36)}`;
  await page.goto(`/room/${roomId}/letter`);
  await waitForIsland(page, 'LetterEditor');
  await draftChecked(page);
  const open = page.getByRole('button', { name: '편지 열어 고쳐 쓰기' });
  if (await open.isVisible()) await open.click();
  await field.fill(text);
  await expectKept(page);

  await page.reload();
  await waitForIsland(page, 'LetterEditor');
  await expect(offer(page)).toBeVisible();
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(field).toHaveValue(text);
  await page.getByRole('button', { name: /봉인하기/ }).click();
  await expect(page.getByRole('heading', { name: '봉인된 편지' })).toBeVisible();
  await expect.poll(() => places(page)).toEqual([]);
  await page.reload();
  await waitForIsland(page, 'LetterEditor');
  await draftChecked(page);
  await expect(offer(page)).toHaveCount(0);
});

/** The demo shop's notebook bought now and delivered: its line may then be reviewed. */
async function deliveredNotebookLine(request: APIRequestContext, deliverOrder: (orderId: number) => Promise<void>): Promise<number> {
  const headers = await apiHeaders(request);
  const { data: products } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const notebook = products.find((product) => product.title === '감사 일기 100일 노트');
  if (!notebook) throw new Error('the demo shop has no notebook');
  const temp = await request.post('/api/temp-cart-items', { headers, data: { items: [{ product_id: notebook.id, quantity: 1 }] } });
  expect(temp.status(), await temp.text()).toBeLessThan(300);
  const address = { recipient_name: '김리추', recipient_phone: '01012345678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '' };
  const created = await request.post('/api/orders', { headers, data: { from_temp_cart: true, ...address } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data as { id: number; order_number: string; amount: number; items: { id: number }[] };
  const paid = await request.post('/api/orders/confirm', { headers, data: { order_id: order.order_number, payment_key: `test_ok_${Date.now()}`, amount: order.amount } });
  expect(paid.status(), await paid.text()).toBe(200);
  await deliverOrder(order.id);
  return order.items[0]!.id;
}

test('a review keeps its stars and text, offered back after a reload and forgotten once written', async ({ page, deliverOrder }) => {
  await signInAsMember(page, 'member3@example.com');
  const itemId = await deliveredNotebookLine(page.request, deliverOrder);
  const text = `종이가 도톰해서 매일 쓰기 좋아요 ${Date.now().toString(36)}`;
  const stars = page.getByRole('group', { name: '별점' });
  const five = stars.getByRole('radio', { name: '5점 최고예요' });
  await page.goto(`/mypage/reviews/write?order_item_id=${itemId}`);
  await waitForIsland(page, 'ReviewForm');
  await draftChecked(page);
  // A person taps the fifth star (the radio inside it is for keyboards and screen readers).
  await stars.locator('label', { has: page.getByRole('radio', { name: '5점 최고예요' }) }).click();
  await page.getByLabel('후기', { exact: true }).fill(text);
  await expectKept(page);

  await page.reload();
  await waitForIsland(page, 'ReviewForm');
  await expect(offer(page)).toBeVisible();
  await expect(five).not.toBeChecked();
  await page.getByRole('button', { name: '이어 쓰기' }).click();
  await expect(five).toBeChecked();
  await expect(page.getByLabel('후기', { exact: true })).toHaveValue(text);
  await page.getByRole('button', { name: '후기 남기기' }).click();
  await expect(page.getByText('후기를 남겼어요. 고마워요!')).toBeVisible();
  await expect.poll(() => places(page)).toEqual([]);
});

test('signing out leaves no draft behind on the browser', async ({ page }) => {
  await signInAsMember(page, 'member4@example.com');
  await page.goto('/inquiry/create');
  await waitForIsland(page, 'InquiryForm');
  await draftChecked(page);
  await page.getByLabel('문의 내용', { exact: true }).fill('로그아웃하면 지워질 문의');
  await expectKept(page);
  expect(await places(page)).toEqual(['inquiry:new']);

  await page.goto('/mypage');
  await waitForIsland(page, 'LogoutButton');
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL('/');
  expect(await storedDrafts(page)).toEqual([]);
});
