import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiHeaders, waitForBell, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

/**
 * Notifications end to end (issue 7): one member comments, replies and reacts; the other sees the
 * bell's dot within one poll, opens the bell (desktop: the 알림함 dropdown; mobile: /notification),
 * reads the texts, follows each link, and scrolls 60 notifications to their end.
 *
 * The desktop and mobile projects run at the same time against one server, so each has its own
 * pair. The recipients (member3, member5) receive nothing from the other specs (they only read
 * there); the actors' own notifications do not matter. POST /register's hourly limit is spent by
 * the account specs, so no member is created here.
 */
function pair() {
  return test.info().project.name === 'mobile'
    ? { recipient: 'member5@example.com', actor: 'member2@example.com', actorName: '느린걸음' }
    : { recipient: 'member3@example.com', actor: 'member1@example.com', actorName: '아침햇살' };
}

const onMobile = () => test.info().project.name === 'mobile';

// The recipient's tests run in order: the first counts on no unread notification of the second.
test.describe.configure({ mode: 'default' });

interface Category {
  id: number;
  slug: string;
  is_protected: boolean;
  write_scope: string;
  allows_anonymous: boolean;
}

interface Post {
  id: number;
  title: string;
  path: string;
}

interface ApiNotification {
  id: number;
  read_at: string | null;
  data: { title: string; target: string; nickname: string | null; reaction_type_text: string | null };
}

interface ApiNotificationPage {
  data: ApiNotification[];
  meta: { next_cursor: string | null; per_page: number };
}

const POLL_MS = 30_000;
const PAGE_SIZE = 20;
const REACTIONS = ['like', 'cheer', 'empathy', 'awesome', 'thanks'] as const;

const stamp = () => `${test.info().project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function openBoard(request: APIRequestContext, anonymous: boolean): Promise<Category> {
  const res = await request.get('/api/square-post-categories');
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Category[] };
  const board = data.find((category) => category.write_scope === 'member' && !category.is_protected && (!anonymous || category.allows_anonymous));
  if (!board) throw new Error('no open board in the demo data');
  return board;
}

async function writePost(request: APIRequestContext, title: string, anonymous = false): Promise<Post> {
  const board = await openBoard(request, anonymous);
  const res = await request.post('/api/square-posts', {
    headers: await apiHeaders(request),
    data: {
      square_post_category_id: board.id,
      title,
      content: `<p>${title}: 오늘 하루를 천천히 돌아봤어요.</p>`,
      ...(anonymous ? { is_anonymous: true } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { data } = (await res.json()) as { data: { id: number; category: { slug: string } } };
  return { id: data.id, title, path: `/square/${data.category.slug}/${data.id}` };
}

async function comment(request: APIRequestContext, postId: number, content: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await request.post('/api/comments', {
    headers: await apiHeaders(request),
    data: { model_type: 'square_post', model_id: postId, content, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function react(request: APIRequestContext, postId: number, reactionType: string): Promise<void> {
  const res = await request.post('/api/reactions', {
    headers: await apiHeaders(request),
    data: { model_type: 'square_post', model_id: postId, reaction_type: reactionType },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { data: { reacted: boolean } }).data.reacted).toBe(true);
}

/** Every notification of the member of `request`, newest first, walking the cursor to its end. */
async function allNotifications(request: APIRequestContext): Promise<ApiNotification[]> {
  const all: ApiNotification[] = [];
  let cursor: string | null = null;
  do {
    const res = await request.get(`/api/notifications?per_page=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as ApiNotificationPage;
    all.push(...page.data);
    cursor = page.meta.next_cursor;
  } while (cursor !== null);
  return all;
}

async function hasNew(request: APIRequestContext): Promise<boolean> {
  const res = await request.get('/api/notifications/new');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: unknown }).data !== null;
}

/** A second signed-in member in a browser context of their own. */
async function actorContext(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsMember(page, email);
  return { context, request: page.request };
}

const bellOf = (page: Page): Locator => page.getByRole('banner').getByRole(onMobile() ? 'link' : 'button', { name: /^알림/ });

/** Opens the list where this width keeps it: the dropdown on a desktop, /notification on a phone. */
async function openList(page: Page): Promise<Locator> {
  const bell = bellOf(page);
  if (onMobile()) {
    await bell.click();
    await expect(page).toHaveURL('/notification');
    await expect(page.getByRole('heading', { level: 1, name: '알림' })).toBeVisible();
    await waitForIsland(page, 'NotificationList');
    return page.getByRole('main');
  }
  await bell.click();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const box = page.getByRole('dialog', { name: '알림함' });
  await expect(box).toBeVisible();
  return box;
}

test.describe('notifications', () => {
  test('comment, reply, anonymous comment and reaction: the dot within one poll, the texts, each link', async ({ page, browser }) => {
    const { recipient, actor, actorName } = pair();
    const tag = stamp();
    await signInAsMember(page, recipient);
    const actorSide = await actorContext(browser, actor);

    // What the actions will be about: two posts of the recipient's (one anonymous), and their
    // comment under the actor's post.
    const own = await writePost(page.request, `알림 받을 글 ${tag}`);
    const hidden = await writePost(page.request, `익명으로 쓴 글 ${tag}`, true);
    const theirs = await writePost(actorSide.request, `답글 달릴 글 ${tag}`);
    const recipientComment = await comment(page.request, theirs.id, `좋은 글이에요 ${tag}`);

    // Opening the list marks the newest read: nothing is new when the page starts.
    await allNotifications(page.request);
    expect(await hasNew(page.request)).toBe(false);

    await page.clock.install();
    const firstPoll = page.waitForResponse((res) => res.url().endsWith('/api/notifications/new'));
    await page.goto('/');
    await waitForBell(page);
    expect(((await (await firstPoll).json()) as { data: unknown }).data).toBeNull();
    const bell = bellOf(page);
    await expect(bell).toHaveAccessibleName('알림');

    await comment(actorSide.request, own.id, `응원합니다 ${tag}`);
    await comment(actorSide.request, theirs.id, `고마워요 ${tag}`, { parent_id: recipientComment });
    await comment(actorSide.request, hidden.id, `저도 그래요 ${tag}`, { is_anonymous: true });
    await react(actorSide.request, own.id, 'cheer');
    await actorSide.context.close();

    // Nothing until the poll is due; then the dot.
    await expect(bell).toHaveAccessibleName('알림');
    const nextPoll = page.waitForResponse((res) => res.url().endsWith('/api/notifications/new'));
    await page.clock.fastForward(POLL_MS);
    await nextPoll;
    await expect(bell).toHaveAccessibleName('알림 (새 알림 있음)');
    await expect(bell.locator('.bell-dot')).toBeVisible();

    const list = await openList(page);
    // Clicked: the dot is gone (on a phone, the /notification page's own bell shows none either).
    await expect(bellOf(page)).toHaveAccessibleName('알림');
    const items = list.getByRole('listitem');
    // The demo data sent this member notifications too: an item is known by its text and its title.
    const texts = {
      reaction: `${actorName}님이 회원님의 글에 '응원해요' 반응을 남겼어요.`,
      anonymous: '익명의 회원이 회원님의 글에 댓글을 남겼어요.',
      reply: `${actorName}님이 회원님의 댓글에 답글을 남겼어요.`,
      onPost: `${actorName}님이 회원님의 글에 댓글을 남겼어요.`,
    };
    const itemOf = (text: string, post: Post): Locator => items.filter({ hasText: text }).filter({ hasText: post.title });
    const reaction = itemOf(texts.reaction, own);
    const anonymous = itemOf(texts.anonymous, hidden);
    const reply = itemOf(texts.reply, theirs);
    const onPost = itemOf(texts.onPost, own);
    // Newest first, each new one marked for a screen reader, with its relative time and a 48 px picture.
    await expect(items.nth(0)).toContainText(texts.reaction);
    await expect(items.nth(1)).toContainText(texts.anonymous);
    await expect(items.nth(2)).toContainText(texts.reply);
    await expect(items.nth(3)).toContainText(texts.onPost);
    for (const item of [reaction, anonymous, reply, onPost]) {
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('link')).toHaveAccessibleName(/^읽지 않음, /);
      await expect(item.locator('time')).toHaveText('방금 전');
      await expect(item.locator('img')).toHaveAttribute('width', '48');
    }
    await expect(anonymous.locator('img')).toHaveAttribute('src', '/images/default-avatar.svg');
    await expect(anonymous).not.toContainText(actorName);

    // Each item leads to its post, a comment's at that comment; the dropdown closes on the way.
    const atComment = (post: Post) => new RegExp(`${post.path}#comment-\\d+$`);
    const links: [string, Post, RegExp | string][] = [
      [texts.onPost, own, atComment(own)],
      [texts.reply, theirs, atComment(theirs)],
      [texts.anonymous, hidden, atComment(hidden)],
      [texts.reaction, own, own.path],
    ];
    for (const [index, [text, post, url]] of links.entries()) {
      const shown = index === 0 ? list : await openList(page);
      await shown.getByRole('listitem').filter({ hasText: text }).filter({ hasText: post.title }).getByRole('link').click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
      if (!onMobile()) await expect(page.getByRole('dialog', { name: '알림함' })).toHaveCount(0);
      await page.goBack();
    }

    // Each click marked its notification read on the server.
    await expect
      .poll(async () => (await allNotifications(page.request)).filter((each) => each.data.title.includes(tag) && each.read_at === null).length)
      .toBe(0);
  });

  test('the list scrolls to its end through 60 notifications, a page at a time', async ({ page, browser }) => {
    const { recipient, actor } = pair();
    const tag = stamp();
    await signInAsMember(page, recipient);
    const actorSide = await actorContext(browser, actor);
    // Twelve posts with five reactions each: the comment limit would take minutes, reactions do not.
    for (let index = 0; index < 12; index += 1) {
      const post = await writePost(page.request, `반응 모을 글 ${index + 1} ${tag}`);
      for (const type of REACTIONS) await react(actorSide.request, post.id, type);
    }
    await actorSide.context.close();
    const total = (await allNotifications(page.request)).length;
    expect(total).toBeGreaterThanOrEqual(60);

    await page.goto('/');
    await waitForBell(page);
    const list = await openList(page);
    const rows = list.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    // Only the first page until its end is in view.
    await expect(rows).toHaveCount(PAGE_SIZE);
    await expect(list.getByText('모든 알림을 확인했어요.')).toHaveCount(0);

    const end = list.locator('.notification-end');
    for (let pages = 1; pages * PAGE_SIZE < total; pages += 1) {
      await end.scrollIntoViewIfNeeded();
      await expect(rows).toHaveCount(Math.min((pages + 1) * PAGE_SIZE, total));
    }
    await end.scrollIntoViewIfNeeded();
    await expect(list.getByText('모든 알림을 확인했어요.')).toBeVisible();
    await expect(rows).toHaveCount(total);
    await expect(rows.filter({ hasText: `반응 모을 글 1 ${tag}` })).toHaveCount(REACTIONS.length);

    if (!onMobile()) {
      // The dropdown scrolled inside itself, at its fixed size.
      const box = await page.getByRole('dialog', { name: '알림함' }).boundingBox();
      expect(box?.width).toBe(375);
      expect(box?.height).toBeLessThanOrEqual(400);
    }
  });

  test('the bell: a dropdown closing on an outside click, Escape and tabbing out; a link on a phone', async ({ page }) => {
    await signInAsMember(page, pair().recipient);
    await page.goto('/square');
    await waitForBell(page);
    const bell = bellOf(page);
    if (onMobile()) {
      await expect(bell).toHaveAttribute('href', '/notification');
      await expect(bell).not.toHaveAttribute('aria-haspopup', /.+/);
      return;
    }
    await expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    const box = page.getByRole('dialog', { name: '알림함' });

    await bell.click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    // The page's empty margin, left of the content column.
    await page.mouse.click(8, 400);
    await expect(box).toHaveCount(0);
    await expect(bell).toHaveAttribute('aria-expanded', 'false');

    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(box).toBeVisible();
    await expect(box.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(bell).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    // Back to the bell keeps it open; one more step back leaves it and closes it.
    await page.keyboard.press('Shift+Tab');
    await expect(bell).toBeFocused();
    await expect(box).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(box).toHaveCount(0);
  });

  test('모두 읽음 marks every notification read, in the list and on the server, and puts the dot out', async ({ page, browser }) => {
    const { recipient, actor } = pair();
    const tag = stamp();
    await signInAsMember(page, recipient);
    const actorSide = await actorContext(browser, actor);
    const post = await writePost(page.request, `모두 읽을 글 ${tag}`);
    for (const type of REACTIONS) await react(actorSide.request, post.id, type);
    await actorSide.context.close();

    await page.goto('/');
    await waitForBell(page);
    const list = await openList(page);
    const ours = list.getByRole('listitem').filter({ hasText: post.title });
    await expect(ours).toHaveCount(REACTIONS.length);
    // Opening the list read the newest only, and shows it as it was: all five look new.
    await expect(ours.getByRole('link', { name: /^읽지 않음, / })).toHaveCount(REACTIONS.length);
    expect((await allNotifications(page.request)).filter((each) => each.data.title === post.title && each.read_at === null)).toHaveLength(
      REACTIONS.length - 1,
    );

    const readAll = list.getByRole('button', { name: '모두 읽음' });
    await expect(readAll).toBeEnabled();
    await readAll.click();
    await expect(list.getByRole('status').filter({ hasText: '모든 알림을 읽음으로 표시했어요.' })).toHaveCount(1);
    await expect(list.getByRole('link', { name: /^읽지 않음, / })).toHaveCount(0);
    await expect(readAll).toBeDisabled();
    expect((await allNotifications(page.request)).filter((each) => each.read_at === null)).toEqual([]);
    expect(await hasNew(page.request)).toBe(false);
    await expect(bellOf(page)).toHaveAccessibleName('알림');

    // Read on the server: a fresh list shows none new either.
    await page.reload();
    const again = await openList(page);
    await expect(again.getByRole('listitem').filter({ hasText: post.title }).first()).toBeVisible();
    await expect(again.getByRole('link', { name: /^읽지 않음, / })).toHaveCount(0);
  });

  test('a comment’s notification opens a long post at that comment, found again after the comments wake, and marked', async ({ page, browser }) => {
    const { recipient, actor } = pair();
    const tag = stamp();
    await signInAsMember(page, recipient);
    const actorSide = await actorContext(browser, actor);
    // Far below the first screen: a long post and earlier comments above the one that is news.
    const paragraphs = Array.from({ length: 30 }, (_, index) => `<p>${index + 1}. 오늘의 기록을 한 줄씩 남겨요.</p>`).join('');
    const board = await openBoard(page.request, false);
    const created = await page.request.post('/api/square-posts', {
      headers: await apiHeaders(page.request),
      data: { square_post_category_id: board.id, title: `긴 글 ${tag}`, content: paragraphs },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; category: { slug: string } } };
    const post: Post = { id: data.id, title: `긴 글 ${tag}`, path: `/square/${data.category.slug}/${data.id}` };
    for (let index = 1; index <= 4; index += 1) await comment(page.request, post.id, `먼저 남긴 댓글 ${index}`);
    const news = await comment(actorSide.request, post.id, `끝까지 읽었어요 ${tag}`);
    await actorSide.context.close();

    await page.goto('/');
    await waitForBell(page);
    const list = await openList(page);
    await list.getByRole('listitem').filter({ hasText: post.title }).getByRole('link').click();
    await expect(page).toHaveURL(`${post.path}#comment-${news}`);
    await waitForIsland(page, 'CommentSection');
    // The island's own copy of the comment, in view and marked.
    const target = page.locator(`#comment-${news}`);
    await expect(target).toHaveCount(1);
    await expect(target).toContainText(`끝까지 읽었어요 ${tag}`);
    await expect(target).toHaveClass(/\bis-linked\b/);
    await expect(target).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The server's list, which the browser scrolled to first, is gone.
    await expect(page.locator('.comment')).toHaveCount(5);
  });
});

test.describe('notifications for a guest', () => {
  test('a guest has no member bell and no poll; the bell and /notification lead to /login', async ({ page }) => {
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/notifications')) polls.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: /알림/ })).toHaveAttribute('href', '/login');
    await expect(page.locator('[data-bell], [data-cart-badge]')).toHaveCount(0);
    await page.goto('/notification');
    await expect(page).toHaveURL('/login?redirect=%2Fnotification');
    expect(polls).toEqual([]);
  });

  test('/notification is for its member only and not for search engines', async ({ page }) => {
    await signInAsMember(page, pair().recipient);
    const res = await page.goto('/notification');
    expect(res?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(res?.headers()['cache-control']).toContain('no-store');
  });
});

test.describe('notifications, accessibly', () => {
  test('the open dropdown and the /notification page pass axe', async ({ page }) => {
    await signInAsMember(page, pair().recipient);
    await page.goto('/notification');
    await waitForIsland(page, 'NotificationList');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    if (onMobile()) return;
    await page.goto('/');
    await waitForBell(page);
    const box = await openList(page);
    await expect(box.getByRole('listitem').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).include('.bell').analyze()).violations).toEqual([]);
  });
});
