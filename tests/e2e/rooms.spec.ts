import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { animationsSettled } from './a11y.ts';
import { notificationLink } from '../../src/lib/notifications.ts';
import type { NotificationItem } from '../../src/lib/notifications.ts';
import { apiHeaders, holdIslands, runningRoomId, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

/**
 * The demo room of members 1 to 3 (member1 hosts). The desktop and mobile projects run at once
 * against one server with the same members: each writes posts of its own (the project's name in
 * the text), and the day's check-in is whichever project's came first, which both accept.
 */
test.describe.configure({ mode: 'serial' });

const MEMBER2_NICKNAME = '느린걸음';

const picture = async (): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 180, b: 240 } } })
    .png()
    .toBuffer();

async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext(test.info().project.use);
  const page = await context.newPage();
  await signInAsMember(page, email);
  return page;
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test.describe('a morning in the room', () => {
  let roomId = 0;
  let postPath = '';

  test('member2 checks in, and a second tap says the day is done', async ({ browser }) => {
    const page = await memberPage(browser, 'member2@example.com');
    roomId = await runningRoomId(page);
    const texts = ((await (await page.request.get('/api/ritual-session-check-in-texts')).json()) as { data: { text: string }[] }).data;
    // Not the first sentence, which the card picks itself.
    const sentence = texts[1]!.text;
    // The sentence is picked before the card hydrates, as on a slow phone: the pick must hold.
    const release = await holdIslands(page);
    await page.goto(`/room/${roomId}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const checkIn = page.getByRole('button', { name: '체크인하기' });
    // The other project may have checked in first today: then the card already says so.
    const open = await checkIn.isVisible();
    if (open) await page.getByText(sentence, { exact: true }).click();
    release();
    await waitForIsland(page, 'CheckInCard');
    if (open) {
      await checkIn.click();
      await expect(page.getByRole('status').filter({ hasText: /체크인했어요/ })).toBeVisible();
      await expect(page.locator('.check-in-text')).toHaveText(sentence);
    }
    await expect(page.getByRole('heading', { name: '오늘 체크인 완료' })).toBeVisible();
    const again = await page.request.post(`/api/ritual-sessions/${roomId}/check-in`, { headers: await apiHeaders(page.request), data: {} });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as { data: { created: boolean } }).data.created).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: '오늘 체크인 완료' })).toBeVisible();
    await expectNoSeriousViolations(page);
    // The report counts today as done.
    await page.getByRole('region', { name: '나의 리추얼' }).getByRole('link', { name: '리포트 보기' }).click();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    await expect(page.getByRole('table').locator(`td[data-date="${today}"]`)).toHaveClass(/done/);
    await page.context().close();
  });

  test('member2 posts a 기상선언 with a photo', async ({ browser }, testInfo) => {
    const page = await memberPage(browser, 'member2@example.com');
    await page.goto(`/room/${roomId}`);
    await page.getByRole('link', { name: '기상선언', exact: true }).click();
    await page.waitForURL(/\/compose\/post\?roomId=\d+&category=wakeup/);
    await waitForIsland(page, 'RoomPostForm');
    await expect(page.getByRole('combobox', { name: '글의 종류' }).locator('option:checked')).toHaveText('기상선언');
    await page.getByRole('textbox', { name: '제목 (선택)' }).fill(`6시 기상 (${testInfo.project.name})`);
    await page.getByRole('textbox', { name: '내용' }).click();
    await page.keyboard.type('창문을 열고 바로 앉았어요.');
    await page.locator('input[type="file"]').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await picture() });
    await expect(page.getByRole('textbox', { name: '내용' }).locator('img')).toHaveCount(1);
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: '올리기' }).click();
    await page.waitForURL(new RegExp(`/room/${roomId}/\\d+$`));
    postPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: `6시 기상 (${testInfo.project.name})` })).toBeVisible();
    const shown = page.locator('main img[src$=".webp"]').first();
    await expect(shown).toBeVisible();
    // Her own post: 수정 and 삭제 under it, no 신고.
    const actions = page.locator('astro-island[component-export="RoomPostActions"]');
    await expect(actions.getByRole('link', { name: '수정' })).toBeVisible();
    await expect(actions.getByRole('button', { name: '신고' })).toHaveCount(0);
    await page.goto(`/room/${roomId}`);
    await expect(page.getByRole('link', { name: new RegExp(`6시 기상 \\(${testInfo.project.name}\\)`) })).toBeVisible();
    await page.context().close();
  });

  test('member3 answers mentioning member2 and cheers; member2 is told and the link opens the post', async ({ browser }) => {
    const member3 = await memberPage(browser, 'member3@example.com');
    await member3.goto(postPath);
    await waitForIsland(member3, 'CommentSection');
    const box = member3.getByRole('combobox', { name: '댓글 내용' });
    await box.click();
    await box.pressSequentially('멋져요 @느린');
    const option = member3.getByRole('option', { name: `@${MEMBER2_NICKNAME}` });
    await expect(option).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue(`멋져요 @${MEMBER2_NICKNAME} `);
    await box.pressSequentially('님 내일도 함께해요');
    await member3.getByRole('button', { name: '댓글 남기기' }).click();
    // The posted comment, not the box that held the text until the form empties itself.
    await expect(member3.getByRole('paragraph').filter({ hasText: `멋져요 @${MEMBER2_NICKNAME} 님 내일도 함께해요` })).toBeVisible();
    await expect(box).toHaveValue('');
    await waitForIsland(member3, 'RoomPostActions');
    await member3.getByRole('button', { name: /응원해요/ }).first().click();
    await expect(member3.getByRole('button', { name: /응원해요/ }).first()).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousViolations(member3);
    await member3.context().close();

    const member2 = await memberPage(browser, 'member2@example.com');
    await member2.goto('/notification');
    // The mention opens the post at the comment that made it, marked once the comments wake.
    const link = member2.locator(`a[href^="${postPath}#comment-"]`).filter({ hasText: '언급' }).first();
    await expect(link).toBeVisible();
    await link.click();
    await member2.waitForURL(new RegExp(`${postPath}#comment-\\d+$`));
    await waitForIsland(member2, 'CommentSection');
    const mention = member2.locator(new URL(member2.url()).hash);
    await expect(mention).toContainText(`멋져요 @${MEMBER2_NICKNAME} 님 내일도 함께해요`);
    await expect(mention).toHaveClass(/\bis-linked\b/);
    await expect(mention).toBeInViewport();
    await member2.context().close();
  });

  test('member1, the host, posts a notice that members 2 and 3 see under 공지글', async ({ browser }, testInfo) => {
    const host = await memberPage(browser, 'member1@example.com');
    const title = `토요일 모임 안내 (${testInfo.project.name})`;
    await host.goto(`/compose/post?roomId=${roomId}&category=notice`);
    await waitForIsland(host, 'RoomPostForm');
    await expect(host.getByRole('combobox', { name: '글의 종류' }).locator('option:checked')).toHaveText('공지');
    await host.getByRole('textbox', { name: '제목 (선택)' }).fill(title);
    await host.getByRole('textbox', { name: '내용' }).click();
    await host.keyboard.type('토요일 아침 8시에 함께 앉아요.');
    await host.getByRole('button', { name: '올리기' }).click();
    await host.waitForURL(new RegExp(`/room/${roomId}/\\d+$`));
    await host.context().close();

    for (const email of ['member2@example.com', 'member3@example.com']) {
      const member = await memberPage(browser, email);
      await member.goto(`/room/${roomId}`);
      await member.getByRole('link', { name: '공지글', exact: true }).click();
      await expect(member).toHaveURL(new RegExp(`/room/${roomId}\\?tab=notice`));
      await expect(member.getByRole('heading', { level: 3, name: title })).toBeVisible();
      await member.context().close();
    }
  });

  test('member4, who is not in the room, is refused everywhere', async ({ browser }) => {
    const member4 = await memberPage(browser, 'member4@example.com');
    for (const path of [`/room/${roomId}`, postPath, `/compose/post?roomId=${roomId}&category=wakeup`]) {
      const response = await member4.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(member4.getByRole('heading', { level: 1 })).toContainText(/수 없/);
    }
    const headers = await apiHeaders(member4.request);
    expect((await member4.request.get(`/api/ritual-sessions/${roomId}`)).status()).toBe(403);
    expect((await member4.request.post(`/api/ritual-sessions/${roomId}/check-in`, { headers, data: {} })).status()).toBe(403);
    const rooms = ((await (await member4.request.get('/api/ritual-sessions/users/me')).json()) as { data: { id: number }[] }).data;
    expect(rooms.map((room) => room.id)).not.toContain(roomId);
    await member4.context().close();
  });

  test('a guest is sent to sign in, and my rooms list the room with its countdown', async ({ browser, page }) => {
    await page.goto('/room');
    await expect(page).toHaveURL(/\/login\?redirect=%2Froom/);
    const member2 = await memberPage(browser, 'member2@example.com');
    await member2.goto('/room');
    await expect(member2.getByRole('heading', { name: '진행 중인 리추얼' })).toBeVisible();
    await expect(member2.locator(`a[href="/room/${roomId}"]`)).toContainText('오늘 체크인 완료');
    await expectNoSeriousViolations(member2);
    await member2.context().close();
  });
});

test('the room post page and the users-list modal pass axe and show who read', async ({ browser }) => {
  const page = await memberPage(browser, 'member3@example.com');
  const roomId = await runningRoomId(page);
  const list = await page.request.get(`/api/ritual-sessions/${roomId}/posts?tab=check&per_page=50`);
  const posts = ((await list.json()) as { data: { id: number; author: { username: string } }[] }).data;
  const post = posts.find((item) => item.author.username !== 'member3')!;
  await page.goto(`/room/${roomId}/${post.id}`);
  await waitForIsland(page, 'RoomPostActions');
  // Another member's post: 신고 under it, no 수정.
  const actions = page.locator('astro-island[component-export="RoomPostActions"]');
  await expect(actions.getByRole('button', { name: '신고', exact: true })).toBeEnabled();
  await expect(actions.getByRole('link', { name: '수정' })).toHaveCount(0);
  await page.getByRole('button', { name: /읽은 멤버/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: /새벽서재/ })).toHaveAttribute('href', `/room/${roomId}/users/member3`);
  // Mid fade-in the dialog's buttons are partly transparent, which axe counts as too little contrast.
  await animationsSettled(page);
  await expectNoSeriousViolations(page);
  await page.context().close();
});

test('a member reacts to a thread, and the reaction stays after a reload', async ({ browser }) => {
  const page = await memberPage(browser, 'member3@example.com');
  const roomId = await runningRoomId(page);
  const list = await page.request.get(`/api/ritual-sessions/${roomId}/threads`);
  const [thread] = ((await list.json()) as { data: { id: number }[] }).data;
  await page.goto(`/room/${roomId}/thread/${thread!.id}`);
  const thanks = page.getByRole('region', { name: '반응' }).getByRole('button', { name: /고마워요/ });
  await thanks.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'ReactionBar');
  const before = await thanks.getAttribute('aria-pressed');
  const pressed = before === 'true' ? 'false' : 'true';
  await thanks.click();
  await expect(thanks).toHaveAttribute('aria-pressed', pressed);
  await page.reload();
  await expect(page.getByRole('region', { name: '반응' }).getByRole('button', { name: /고마워요/ })).toHaveAttribute('aria-pressed', pressed);
  await page.context().close();
});

test('a comment on a thread tells its author, whose notification opens the thread at that comment', async ({ browser }, testInfo) => {
  const author = await memberPage(browser, 'member1@example.com');
  const roomId = await runningRoomId(author);
  const title = `끝까지 읽어 주세요 (${testInfo.project.name} ${Date.now().toString(36)})`;
  // Long enough that the comments start far below the first screen.
  const content = Array.from({ length: 30 }, (_, index) => `<p>${index + 1}. 오늘 아침에 떠오른 생각을 적어요.</p>`).join('');
  const created = await author.request.post(`/api/ritual-sessions/${roomId}/threads`, { headers: await apiHeaders(author.request), multipart: { title, content } });
  expect(created.status(), await created.text()).toBe(201);
  const threadId = ((await created.json()) as { data: { id: number } }).data.id;

  const commenter = await memberPage(browser, 'member2@example.com');
  const commented = await commenter.request.post('/api/comments', {
    headers: await apiHeaders(commenter.request),
    data: { model_type: 'ritual_session_thread', model_id: threadId, content: '저도 끝까지 읽었어요' },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  const commentId = ((await commented.json()) as { data: { id: number } }).data.id;
  await commenter.context().close();

  // Read as a prefetch would, so that no other spec's newest notification of member1's is marked read.
  const listed = await author.request.get('/api/notifications?per_page=50', { headers: { 'Sec-Purpose': 'prefetch' } });
  const notification = ((await listed.json()) as { data: NotificationItem[] }).data.find((item) => item.data.ritual_session_thread_id === threadId)!;
  const link = notificationLink(notification.data)!;
  expect(link).toBe(`/room/${roomId}/thread/${threadId}?isExternal=true#comment-${commentId}`);

  await author.goto(link);
  await waitForIsland(author, 'CommentSection');
  const target = author.locator(`#comment-${commentId}`);
  await expect(target).toContainText('저도 끝까지 읽었어요');
  await expect(target).toHaveClass(/\bis-linked\b/);
  await expect(target).toBeInViewport();
  expect(await author.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await author.context().close();
});
