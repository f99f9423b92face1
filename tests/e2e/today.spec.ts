import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, createVerifiedMember, waitForIsland } from './members.ts';
import { expect, test } from './staff.ts';

/**
 * /today, the installed app's start screen, as new members seated in a running session of their
 * own, so that the day's one check-in is theirs to make.
 */

const DAY_MS = 86_400_000;
const sessions = new Map<string, Promise<number>>();

/**
 * A running session of the demo ritual for this project's new members, unpublished (no other spec
 * sees it) and roomy: seating them in the demo room would fill its twelve seats.
 */
async function createRunningSession(staffRequest: APIRequestContext): Promise<number> {
  const listed = await staffRequest.get('/api/admin/ritual-sessions?per_page=50&sort=starts_at&order=desc');
  expect(listed.status(), await listed.text()).toBe(200);
  const demo = ((await listed.json()) as { data: { ritual_id: number; title: string }[] }).data.find((session) => session.title.endsWith('아침 10분 명상'));
  if (!demo) throw new Error('the demo data has no session of the morning ritual');
  const now = Date.now();
  const created = await staffRequest.post('/api/admin/ritual-sessions', {
    headers: await apiHeaders(staffRequest),
    data: {
      ritual_id: demo.ritual_id,
      title: `오늘의 리추얼 확인 (${test.info().project.name})`,
      starts_at: new Date(now - 3 * DAY_MS).toISOString(),
      ends_at: new Date(now + 20 * DAY_MS).toISOString(),
      capacity: 1000,
      price: 0,
      is_published: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/** A new verified member, signed in on `page`, seated by staff in this project's running session. */
async function seatedMember(page: Page, staffRequest: APIRequestContext, tag: string): Promise<number> {
  await createVerifiedMember(page.request, tag);
  const me = (await (await page.request.get('/api/me')).json()) as { data: { id: number } };
  const project = test.info().project.name;
  if (!sessions.has(project)) sessions.set(project, createRunningSession(staffRequest));
  const roomId = await sessions.get(project)!;
  const seated = await staffRequest.post(`/api/admin/ritual-sessions/${roomId}/members`, {
    headers: await apiHeaders(staffRequest),
    data: { user_id: me.data.id },
  });
  expect(seated.status(), await seated.text()).toBe(201);
  return roomId;
}

/**
 * Waits until the installed worker controls the page: offline, the outbox's script (loaded only
 * when something is queued) then comes from its precache, as on a member's phone.
 */
/** Waits until /today's check-in cards answer to taps (no island: src/components/today/today-board.ts). */
async function waitForToday(page: Page): Promise<void> {
  await page.locator('[data-today][data-ready]').waitFor({ state: 'attached' });
}

async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
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
  await waitForToday(page);
  // Tap 2: the check-in, with the first sentence already chosen.
  await card.getByRole('button', { name: '체크인하기' }).click();
  taps += 1;
  await expect(card.getByText('오늘 체크인 완료')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('체크인했어요. 오늘도 해냈어요!');
  // The button left with the check-in; its focus went on to the card's next step.
  await expect(card.getByRole('link', { name: '기록하기' })).toBeFocused();
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
  // The row, not this session's title in the year's list (its name starts the same).
  await expect(page.getByRole('link', { name: '오늘의 리추얼 체크인과 기록' })).toHaveAttribute('href', '/today');
});

test('while a check-in is on its way the button says so, keeps its focus and sends nothing more', async ({ page, staffRequest }) => {
  const roomId = await seatedMember(page, staffRequest, 'busy');
  const posted: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/ritual-sessions/${roomId}/check-in`, async (route) => {
    posted.push(route.request().headers()['idempotency-key'] ?? '');
    await held;
    await route.continue();
  });
  await page.goto('/today');
  await waitForToday(page);
  const card = page.getByRole('article');
  await card.getByRole('button', { name: '체크인하기' }).click();
  const busy = card.getByRole('button', { name: '체크인하는 중…' });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  await expect(busy).toBeFocused();
  // Forced: Playwright would wait for a button that says it is busy to wake, and a member does not.
  await busy.click({ force: true });
  await busy.click({ force: true });
  await expect.poll(() => posted.length).toBe(1);
  release();
  await expect(card.getByText('오늘 체크인 완료')).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatch(/^[0-9a-f-]{36}$/);
});

test('a morning with nothing queued never opens the offline outbox; offline before the worker is ready, a tap asks for a connection', async ({ page, context, staffRequest }) => {
  await seatedMember(page, staffRequest, 'no-worker');
  await page.goto('/today');
  await waitForToday(page);
  const card = page.getByRole('article');
  // Service workers are blocked here: the outbox's script was never fetched, so it cannot load offline.
  await context.setOffline(true);
  await card.getByRole('button', { name: '체크인하기' }).click();
  await expect(card.getByRole('status')).toHaveText('인터넷 연결을 확인한 뒤 다시 시도해 주세요.');
  await expect(card.getByText('오늘 체크인 전')).toBeVisible();

  await context.setOffline(false);
  await card.getByRole('button', { name: '체크인하기' }).click();
  await expect(card.getByText('오늘 체크인 완료')).toBeVisible();
  await page.reload();
  await waitForToday(page);
  await expect(page.getByRole('article').getByText('오늘 체크인 완료')).toBeVisible();
  // Sent at once, twice over: the browser's outbox database was never even created.
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  expect(databases).not.toContain('ritual-outbox');
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
  await waitForToday(page);
  await expect(page.getByText(/전송 대기 중인 기록/)).toHaveCount(0);
  expect(posts).toHaveLength(1);
});

interface Reminder {
  ritual_session_id: number;
  enabled: boolean;
  time: string;
  channels: string[];
}

/** Whether the page has fetched a script whose address matches. */
const scriptLoaded = (page: Page, address: RegExp): Promise<boolean> =>
  page.evaluate((source) => performance.getEntriesByType('resource').some((entry) => new RegExp(source).test(entry.name)), address.source);

const remindersOf = async (page: Page): Promise<Reminder[]> => ((await (await page.request.get('/api/me/reminders')).json()) as { data: Reminder[] }).data;

test('the reminder is set on /today and reads the same on 알림 설정', async ({ page, staffRequest }) => {
  const roomId = await seatedMember(page, staffRequest, 'remind');
  expect((await remindersOf(page)).find((item) => item.ritual_session_id === roomId)).toMatchObject({ enabled: true, time: '08:00', channels: ['push'] });
  await page.goto('/today');
  const reminders = page.getByRole('region', { name: '리마인더' });
  // Folded, its script not loaded until opened (the check-ins' script has run by then).
  await waitForToday(page);
  await expect(reminders.getByLabel('알림 시간')).toBeHidden();
  expect(await scriptLoaded(page, /\/TodayReminders\./)).toBe(false);
  // Nor React: the check-in cards are the server's markup and a small script (decision 032).
  expect(await scriptLoaded(page, /\/_astro\/(?:client|react|react-dom|jsx-runtime)\./)).toBe(false);
  await reminders.getByText('리마인더', { exact: true }).click();
  await waitForIsland(page, 'TodayReminders');
  const time = reminders.getByLabel('알림 시간');
  await expect(time).toHaveValue('08:00');
  await time.fill('21:30');
  await time.blur();
  await expect.poll(async () => (await remindersOf(page)).find((item) => item.ritual_session_id === roomId)?.time).toBe('21:30');
  // The box follows the server's answer, not the tap.
  await reminders.getByRole('checkbox', { name: '이메일', exact: true }).click();
  await expect.poll(async () => (await remindersOf(page)).find((item) => item.ritual_session_id === roomId)?.channels.sort()).toEqual(['email', 'push']);
  // 알림톡 waits for a verified phone.
  await expect(reminders.getByRole('checkbox', { name: '이메일', exact: true })).toBeChecked();
  await expect(reminders.getByRole('checkbox', { name: '카카오톡 알림톡' })).toBeDisabled();

  await page.getByRole('link', { name: '알림 설정' }).click();
  await expect(page).toHaveURL(/\/mypage\/notifications$/);
  await waitForIsland(page, 'NotificationSettings');
  await expect(page.getByLabel('알림 시간')).toHaveValue('21:30');
  await expect(page.getByRole('checkbox', { name: '이메일', exact: true })).toBeChecked();
});

test.describe('on an iPhone outside the home screen', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' });

  test('알림 설정 says how to add the app to the home screen instead of offering a push that fails', async ({ page, staffRequest }) => {
    await seatedMember(page, staffRequest, 'iphone');
    await page.goto('/mypage/notifications');
    await waitForIsland(page, 'NotificationSettings');
    await expect(page.getByText('홈 화면에 추가하면 알림을 받을 수 있어요')).toBeVisible();
    await expect(page.getByText('‘홈 화면에 추가’를 고르고 ‘추가’를 눌러요.')).toBeVisible();
    // Push cannot be turned on from here; mail still can.
    const pushChannel = page.getByRole('checkbox', { name: '앱 푸시' });
    await expect(pushChannel).toBeChecked();
    await pushChannel.click();
    await expect(pushChannel).not.toBeChecked();
    await expect(pushChannel).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: '이메일', exact: true })).toBeEnabled();
  });
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a check-in tapped offline waits as 전송 대기 중 and is sent once when the connection returns', async ({ page, context, staffRequest }) => {
    const roomId = await seatedMember(page, staffRequest, 'offline');
    await page.goto('/today');
    await waitForToday(page);
    await controlledByWorker(page);
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
    // On reconnect the page and the worker (Background Sync) may both send it, always under the one
    // key the tap made, so the server writes it once (the API tests cover a repeated key).
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[\x21-\x7e]{1,64}$/);
    // Opened again: nothing is left in the queue to send a second time.
    await page.reload();
    await waitForToday(page);
    await expect(page.getByRole('article').getByText('오늘 체크인 완료')).toBeVisible();
    // The account's mark is gone with the queue, so the next morning loads no outbox.
    const me = (await (await page.request.get('/api/me')).json()) as { data: { id: number } };
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`ritual-outbox:${id}`), me.data.id)).toBeNull();
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
    expect(new Set(sent).size).toBe(1);
  });

  test('a check-in kept offline is sent by the worker (Background Sync) after the page is closed', async ({ page, context, staffRequest }) => {
    await seatedMember(page, staffRequest, 'sync');
    await page.goto('/today');
    await waitForToday(page);
    await controlledByWorker(page);
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
