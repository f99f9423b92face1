import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, createVerifiedMember, waitForIsland } from './members.ts';
import { expect, test } from './staff.ts';

/**
 * /today, the installed app's start screen, as a new member seated in the demo room (a member of
 * their own per project, so that the day's one check-in is theirs to make).
 */

async function runningDemoRoom(staffRequest: APIRequestContext): Promise<number> {
  const res = await staffRequest.get('/api/admin/ritual-sessions?per_page=50&sort=starts_at&order=desc');
  expect(res.status(), await res.text()).toBe(200);
  const now = Date.now();
  const sessions = ((await res.json()) as { data: { id: number; title: string; starts_at: string; ends_at: string }[] }).data;
  // The seed's own (other specs add sessions of their own).
  const running = sessions.find((session) => session.title.endsWith('아침 10분 명상') && Date.parse(session.starts_at) <= now && now < Date.parse(session.ends_at));
  if (!running) throw new Error('the demo data has no running session');
  return running.id;
}

/** A new verified member, signed in on `page`, seated by staff in the running demo room. */
async function seatedMember(page: Page, staffRequest: APIRequestContext, tag: string): Promise<number> {
  await createVerifiedMember(page.request, tag);
  const me = (await (await page.request.get('/api/me')).json()) as { data: { id: number } };
  const roomId = await runningDemoRoom(staffRequest);
  const seated = await staffRequest.post(`/api/admin/ritual-sessions/${roomId}/members`, {
    headers: await apiHeaders(staffRequest),
    data: { user_id: me.data.id },
  });
  expect(seated.status(), await seated.text()).toBe(201);
  return roomId;
}

test('from the home-screen icon, a check-in takes two taps; the home and 마이페이지 lead to /today', async ({ page, staffRequest }) => {
  await seatedMember(page, staffRequest, 'today');
  let taps = 0;
  // Tap 1: the installed app opens its start_url.
  await page.goto('/today');
  taps += 1;
  await expect(page.getByRole('heading', { level: 1, name: '오늘의 리추얼' })).toBeVisible();
  const card = page.getByRole('article');
  await expect(card.getByText(/^\d+일차$/)).toBeVisible();
  await expect(card.getByText('오늘 체크인 전')).toBeVisible();
  await waitForIsland(page, 'TodayBoard');
  // Tap 2: the check-in, with the first sentence already chosen.
  await card.getByRole('button', { name: '체크인하기' }).click();
  taps += 1;
  await expect(card.getByText('오늘 체크인 완료')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('체크인했어요. 오늘도 해냈어요!');
  expect(taps).toBeLessThanOrEqual(3);
  const today = (await (await page.request.get('/api/me/today')).json()) as { data: { checked_in_today: boolean }[] };
  expect(today.data.map((room) => room.checked_in_today)).toEqual([true]);
  await expect(card.getByRole('link', { name: '기록하기' })).toHaveAttribute('href', /^\/compose\/post\?roomId=\d+$/);

  await page.goto('/');
  const homeCard = page.getByRole('link', { name: /오늘의 리추얼/ });
  await expect(homeCard).toContainText('오늘 체크인을 모두 마쳤어요');
  await homeCard.click();
  await expect(page).toHaveURL(/\/today$/);
  await page.goto('/mypage');
  await expect(page.getByRole('link', { name: /오늘의 리추얼/ })).toHaveAttribute('href', '/today');
});

test('a check-in tapped offline waits as 전송 대기 중 and is sent once when the connection returns', async ({ page, context, staffRequest }) => {
  const roomId = await seatedMember(page, staffRequest, 'offline');
  await page.goto('/today');
  await waitForIsland(page, 'TodayBoard');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/ritual-sessions/${roomId}/check-in`)) sent.push(request.headers()['idempotency-key'] ?? '');
  });
  const card = page.getByRole('article');
  await context.setOffline(true);
  await card.getByRole('button', { name: '체크인하기' }).click();
  await expect(card.getByText('전송 대기 중', { exact: true })).toBeVisible();
  await expect(card.getByRole('status')).toContainText('연결이 돌아오면 자동으로 보낼게요');
  const before = (await (await page.request.get('/api/me/today')).json()) as { data: { checked_in_today: boolean }[] };
  expect(before.data[0]!.checked_in_today).toBe(false);

  await context.setOffline(false);
  await expect(card.getByText('오늘 체크인 완료')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[\x21-\x7e]{1,64}$/);
  // Opened again: nothing is left in the queue to send a second time.
  await page.reload();
  await waitForIsland(page, 'TodayBoard');
  await expect(page.getByRole('article').getByText('오늘 체크인 완료')).toBeVisible();
  const queued = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ritual-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('check-ins').objectStore('check-ins').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(queued).toBe(0);
  expect(sent).toHaveLength(1);
});

test('a record written offline waits as 전송 대기 중, is posted once on reconnect and opens', async ({ page, context, staffRequest }) => {
  const roomId = await seatedMember(page, staffRequest, 'record');
  const posts: string[] = [];
  // Answered requests only: the one tried while offline never reached the server.
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.url().endsWith(`/api/ritual-sessions/${roomId}/posts`)) posts.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.goto(`/compose/post?roomId=${roomId}&category=wakeup`);
  await waitForIsland(page, 'RoomPostForm');
  const text = `기차 안에서 쓴 기록 (${test.info().project.name})`;
  await page.getByRole('textbox', { name: '내용' }).click();
  await page.keyboard.type(text);
  await context.setOffline(true);
  await page.getByRole('button', { name: '올리기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '전송 대기 중' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/compose/post');

  await context.setOffline(false);
  await page.waitForURL(new RegExp(`/room/${roomId}/\\d+$`));
  await expect(page.getByText(text)).toBeVisible();
  expect(posts).toHaveLength(1);
  const listed = (await (await page.request.get(`/api/ritual-sessions/${roomId}/posts?tab=check&per_page=50`)).json()) as { data: { excerpt: string }[] };
  expect(listed.data.filter((post) => post.excerpt === text)).toHaveLength(1);
  // /today finds nothing left to send.
  await page.goto('/today');
  await waitForIsland(page, 'TodayBoard');
  await expect(page.getByText(/전송 대기 중인 기록/)).toHaveCount(0);
  expect(posts).toHaveLength(1);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a check-in kept offline is sent by the worker (Background Sync) after the page is closed', async ({ page, context, staffRequest }) => {
    await seatedMember(page, staffRequest, 'sync');
    await page.goto('/today');
    await waitForIsland(page, 'TodayBoard');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const card = page.getByRole('article');
    await context.setOffline(true);
    await card.getByRole('button', { name: '체크인하기' }).click();
    await expect(card.getByText('전송 대기 중', { exact: true })).toBeVisible();
    await page.close();
    await context.setOffline(false);

    // A page of no origin, so that no page of the site sends the queue itself.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((entry) => entry.scopeURL.startsWith(test.info().project.use.baseURL ?? '') && !entry.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(test.info().project.use.baseURL!).origin;
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registration, tag: 'ritual-outbox', lastChance: false });
    await expect
      .poll(async () => ((await (await blank.request.get('/api/me/today')).json()) as { data: { checked_in_today: boolean }[] }).data[0]?.checked_in_today)
      .toBe(true);
  });
});

test('a guest is sent to sign in', async ({ browser }) => {
  const context = await browser.newContext(test.info().project.use);
  const guest = await context.newPage();
  await guest.goto('/today');
  await expect(guest).toHaveURL(/\/login\?redirect=%2Ftoday$/);
  await context.close();
});
