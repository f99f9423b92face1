import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders } from './members.ts';
import { acrossTabs } from './page-pool.ts';
import { signInAsMember } from './sign-in.ts';
import { DEVELOPMENT_APP_KEY } from '../../src/server/development-key.ts';
import { unsubscribeToken } from '../../src/server/modules/weekly-letter/unsubscribe.ts';

// Every page of the site on a phone, 375 and 320 px wide, as a guest and as member1: nothing may
// scroll sideways (the bottom tab bar would slide out of view with it), and the floating 문의하기
// button may never lie over something to press or fill in, wherever the page is scrolled.
const WIDTHS = [375, 320];
const HEIGHT = 740;
const MAX_SCROLL_STEPS = 24;
/** The quickest a finger meets what a scroll brought under it. */
const FINGER_MS = 250;

interface Listed {
  id: number;
}

async function listed<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T[] }).data;
}

/** The pages anyone opens, with real ids from the demo data for the detail routes. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const [notice] = await listed<Listed>(request, '/api/notices?per_page=1');
  const [ritual] = await listed<Listed>(request, '/api/rituals?type=monthly&per_page=1');
  const posts = await listed<Listed & { is_protected: boolean; category: { slug: string } }>(request, '/api/square-posts?per_page=50');
  const open = posts.find((post) => !post.is_protected)!;
  const locked = posts.find((post) => post.is_protected);
  const [record] = await listed<Listed>(request, '/api/off-the-records?per_page=1');
  const [product] = await listed<Listed>(request, '/api/products?per_page=1');
  return [
    '/',
    '/about',
    '/notice',
    `/notice/${notice!.id}`,
    '/faq',
    '/faq?category=selfcare',
    '/terms/policy',
    '/terms/privacy',
    '/terms/marketing',
    '/pages/community-guidelines',
    '/explorer',
    '/explorer/program',
    `/explorer/ritual/${ritual!.id}`,
    '/explorer/off-the-record',
    `/explorer/off-the-record/${record!.id}`,
    '/explorer/search?q=%EB%AA%85%EC%83%81',
    '/explorer/selfcare',
    `/explorer/selfcare/${product!.id}`,
    '/explorer/selfcare/guide/shipping',
    '/square',
    `/square/${open.category.slug}`,
    '/square/secret-lounge',
    `/square/${open.category.slug}/${open.id}`,
    ...(locked ? [`/square/${locked.category.slug}/${locked.id}`] : []),
    '/profile/member1',
    '/room/howto',
    '/maintenance',
    '/offline',
    '/no-such-page',
    // The weekly letter's link: the page that asks, and the one for a link that is not ours.
    `/weekly-letter/unsubscribe?token=${unsubscribeToken(DEVELOPMENT_APP_KEY, 1)}`,
    '/weekly-letter/unsubscribe?token=not-a-token',
  ];
}

const GUEST_ONLY_PATHS = [
  '/login',
  '/login/email',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-token&email=member1%40example.com',
  '/verify-email',
];

interface RoomPost extends Listed {
  is_public: boolean;
  is_mine: boolean;
}
interface Order extends Listed {
  order_number: string;
  amount: number;
  items: Listed[];
}

/**
 * A paid order of member1's, so that the order page shows its actions and the review form opens:
 * the product is one no other spec buys, and the cart line it came from is gone again.
 */
async function paidOrder(request: APIRequestContext): Promise<Order> {
  const headers = await apiHeaders(request);
  const products = await listed<Listed & { title: string }>(request, '/api/products?per_page=48');
  const tea = products.find((item) => item.title === '캐모마일 블렌딩 티 20티백')!;
  const line = await request.post('/api/cart-items', { headers, data: { product_id: tea.id, quantity: 1 } });
  expect(line.status()).toBe(201);
  const lineId = ((await line.json()) as { data: Listed }).data.id;
  const created = await request.post('/api/orders', {
    headers,
    data: { cart_item_ids: [lineId], recipient_name: '김하루', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층' },
  });
  expect(created.status()).toBe(201);
  const order = ((await created.json()) as { data: Order }).data;
  const paid = await request.post('/api/orders/confirm', { headers, data: { order_id: order.id, payment_key: `test_ok_${order.order_number}`, amount: order.amount } });
  expect(paid.status()).toBe(200);
  return ((await paid.json()) as { data: Order }).data;
}

/** member1's pages: the demo room it hosts, its account, its inquiries and an order of its own. */
async function memberPaths(request: APIRequestContext): Promise<string[]> {
  const rooms = await listed<Listed & { state: string }>(request, '/api/ritual-sessions/users/me');
  const room = rooms.find((item) => item.state === 'running')!.id;
  const roomPosts = await listed<RoomPost>(request, `/api/ritual-sessions/${room}/posts?per_page=50`);
  const ownRoomPost = roomPosts.find((item) => item.is_mine);
  const shared = roomPosts.find((item) => item.is_public);
  const [thread] = await listed<Listed>(request, `/api/ritual-sessions/${room}/threads`);
  const me = ((await (await request.get('/api/me')).json()) as { data: Listed }).data;
  const [ownPost] = await listed<Listed>(request, `/api/square-posts/users/${me.id}?per_page=1`);
  const inquiries = await listed<Listed & { status: string }>(request, '/api/inquiries');
  const waiting = inquiries.find((inquiry) => inquiry.status === 'waiting');
  const order = await paidOrder(request);
  return [
    '/today',
    '/room',
    `/room/${room}`,
    `/room/${room}/${roomPosts[0]!.id}`,
    `/room/${room}/thread/${thread!.id}?isExternal=true`,
    `/room/${room}/letter`,
    `/room/${room}/report`,
    `/room/${room}/users/member2`,
    ...(shared ? [`/shared/room/${room}/${shared.id}`] : []),
    `/compose/post?roomId=${room}&category=wakeup`,
    ...(ownRoomPost ? [`/compose/post-edit?roomId=${room}&postId=${ownRoomPost.id}`] : []),
    `/compose/thread?roomId=${room}`,
    '/compose/post',
    ...(ownPost ? [`/compose/post-edit?id=${ownPost.id}`] : []),
    '/mypage',
    '/mypage/profile',
    '/mypage/phone',
    '/mypage/delete',
    '/mypage/coupon',
    '/mypage/notifications',
    '/mypage/orders',
    `/mypage/orders/${order.id}`,
    `/mypage/reviews/write?order_item_id=${order.items[0]!.id}`,
    '/notification',
    '/saved/square',
    '/inquiry',
    '/inquiry/create',
    `/inquiry/${inquiries[0]!.id}`,
    ...(waiting ? [`/inquiry/${waiting.id}/edit`] : []),
    '/cart',
    '/checkout?from=cart',
    '/checkout/success',
    '/checkout/fail?code=PAY_PROCESS_CANCELED&message=x&orderId=none',
  ];
}

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements whose box passes the right edge of the screen, outside any container that clips or scrolls them. */
  escaping: string[];
}

/** What sticks out past the right edge of the screen at this width. */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth;
    const describe = (element: Element) => {
      const classes = [...element.classList].filter((name) => !name.startsWith('astro-')).slice(0, 3);
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${element.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join('')} "${text}"`;
    };
    /** The box an absolutely positioned element is placed in, which alone (with its own) may clip it. */
    const containingBlock = (element: Element): Element | null => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position !== 'static' || style.transform !== 'none' || style.filter !== 'none' || style.contain.includes('paint')) return node;
      }
      return null;
    };
    /** Whether a box that clips or scrolls sideways holds the element, following the boxes it is placed in. */
    const held = (element: Element): boolean => {
      let node: Element | null = element;
      while (node) {
        const position: string = getComputedStyle(node).position;
        if (position === 'fixed') return false;
        const outer: Element | null = position === 'absolute' ? containingBlock(node) : node.parentElement;
        if (!outer || outer === document.body || outer === root) return false;
        if (getComputedStyle(outer).overflowX !== 'visible') return true;
        node = outer;
      }
      return false;
    };
    const escaping: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right > edge + 0.5 && !held(element)) escaping.push(`${describe(element)} right=${Math.round(box.right)}`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: edge, escaping };
  });
}

/**
 * Scrolls through the page half a screen at a time and names each control (button, button-shaped
 * link, field) that shows under the floating 문의하기 button. A control hidden by the fixed bars at
 * that spot is not under the button: nobody could press it there. The button steps aside on the
 * browser's next intersection report, a frame or two after the scroll: only what is still under it
 * once a finger could reach it counts. An endless list is followed for its first screens only.
 */
function controlsUnderChat(page: Page): Promise<string[]> {
  return page.evaluate(
    async ({ maxSteps, reachMs }) => {
      const chat = document.querySelector('[data-chat]');
      const root = document.documentElement;
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const controls = 'button, input:not([type="hidden"]), select, textarea, [role="button"], a.pill, a[class*="button"]';
      const coveredNow = (): string[] => {
        const button = chat?.getBoundingClientRect();
        if (!chat || !button || button.width === 0 || getComputedStyle(chat).visibility === 'hidden') return [];
        const covered: string[] = [];
        for (const control of document.querySelectorAll(controls)) {
          if (chat.contains(control)) continue;
          const box = control.getBoundingClientRect();
          const left = Math.max(box.left, button.left);
          const right = Math.min(box.right, button.right);
          const top = Math.max(box.top, button.top);
          const bottom = Math.min(box.bottom, button.bottom);
          if (right - left < 1 || bottom - top < 1) continue;
          // What a finger would meet there, the button itself looked past.
          const under = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2).find((element) => !chat.contains(element));
          if (under && (control.contains(under) || under.contains(control))) {
            const label = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
            covered.push(`${control.tagName.toLowerCase()} "${label}"`);
          }
        }
        return covered;
      };
      const found = new Set<string>();
      const step = Math.floor(root.clientHeight / 2);
      for (let y = 0, steps = 0; steps < maxSteps; y += step, steps += 1) {
        window.scrollTo(0, y);
        await frame();
        const reach = performance.now() + reachMs;
        let covered = coveredNow();
        while (covered.length > 0 && performance.now() < reach) {
          await frame();
          covered = coveredNow();
        }
        for (const control of covered) found.add(control);
        if (y + root.clientHeight >= root.scrollHeight) break;
      }
      window.scrollTo(0, 0);
      return [...found];
    },
    { maxSteps: MAX_SCROLL_STEPS, reachMs: FINGER_MS },
  );
}

/** Waits for the web font and for the islands to hydrate (those that wait to be seen once scrolled to). */
async function settled(page: Page, selector: string, timeout: number): Promise<void> {
  await page.waitForFunction((islands) => document.fonts.status === 'loaded' && document.querySelector(islands) === null, selector, { polling: 'raf', timeout });
}

/** Opens the page and checks it at each width; returns what it found, one line each. */
async function sweep(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await settled(page, 'astro-island[ssr]:not([client="visible"])', 10_000);
  // Rooms and composers keep the button out, the room's composer too, though it renders another path.
  if (/^\/(room\/(?!howto)|compose\/)/.test(path)) expect(await page.locator('[data-chat]').count(), path).toBe(0);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const control of await controlsUnderChat(page)) problems.push(`${path} @${width}: 문의하기 covers ${control}`);
    // Scrolled through, the islands that wait to be seen have woken, and may have changed the layout.
    // Those past the screens an endless list is followed for stay asleep.
    await settled(page, 'astro-island[ssr]', 2_000).catch(() => undefined);
    const overflow = await overflowOf(page);
    if (overflow.scrollWidth > overflow.clientWidth) problems.push(`${path} @${width}: scrolls sideways (${overflow.scrollWidth} > ${overflow.clientWidth})`);
    for (const element of overflow.escaping) problems.push(`${path} @${width}: ${element}`);
  }
  return problems;
}

test.describe('on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone project sweeps the phone widths');

  test('no page of a guest scrolls sideways or hides a control under 문의하기', async ({ page }) => {
    test.setTimeout(180_000);
    const paths = [...(await publicPaths(page.request)), ...GUEST_ONLY_PATHS];
    expect((await acrossTabs(page, paths, sweep)).flat()).toEqual([]);
  });

  test('no page of a member scrolls sideways or hides a control under 문의하기', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsMember(page);
    const paths = [...(await memberPaths(page.request)), ...(await publicPaths(page.request))];
    expect((await acrossTabs(page, paths, sweep)).flat()).toEqual([]);
  });
});
