import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { acrossTabs } from './page-pool.ts';
import { urlOf } from './servers.ts';
import { signInAsMember } from './sign-in.ts';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

interface Listed {
  id: number;
}
interface ListedPost extends Listed {
  is_protected: boolean;
  category: { slug: string };
}
interface ListedInquiry extends Listed {
  status: string;
}

async function listed<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T[] }).data;
}

const postPath = (post: ListedPost) => `/square/${post.category.slug}/${post.id}`;

/** The shell, the square and the account pages a guest may open, the detail pages from the demo data. */
async function guestPaths(request: APIRequestContext): Promise<string[]> {
  const [notice] = await listed<Listed>(request, '/api/notices?per_page=1');
  const posts = await listed<ListedPost>(request, '/api/square-posts?per_page=50');
  const [ritual] = await listed<Listed>(request, '/api/rituals?type=monthly&per_page=1');
  const open = posts.find((post) => !post.is_protected);
  const locked = posts.find((post) => post.is_protected);
  const [record] = await listed<Listed>(request, '/api/off-the-records?per_page=1');
  const [product] = await listed<Listed>(request, '/api/products?per_page=1');
  return [
    '/',
    '/about',
    '/notice',
    `/notice/${notice!.id}`,
    '/faq',
    '/terms/policy',
    '/terms/privacy',
    '/pages/community-guidelines',
    '/explorer',
    '/explorer?theme=1',
    `/explorer/ritual/${ritual!.id}`,
    '/square',
    `/square/${open!.category.slug}`,
    postPath(open!),
    ...(locked ? [postPath(locked)] : []),
    '/explorer/program',
    '/profile/member1',
    '/explorer/off-the-record',
    `/explorer/off-the-record/${record!.id}`,
    '/explorer/search?q=%EB%AA%85%EC%83%81',
    '/explorer/selfcare',
    `/explorer/selfcare/${product!.id}`,
    '/login',
    '/login/email',
    '/register',
    '/forgot-password',
    '/reset-password?token=not-a-token&email=member1%40example.com',
    '/verify-email',
    '/room/howto',
    '/offline',
    '/no-such-page',
  ];
}

/** My page and the other member pages of member1, the demo member whose data these tests only read. */
async function memberPaths(request: APIRequestContext): Promise<string[]> {
  const inquiries = await listed<ListedInquiry>(request, '/api/inquiries');
  const waiting = inquiries.find((inquiry) => inquiry.status === 'waiting');
  const me = ((await (await request.get('/api/me')).json()) as { data: Listed }).data;
  const [own] = await listed<Listed>(request, `/api/square-posts/users/${me.id}?per_page=1`);
  const [post] = await listed<ListedPost>(request, '/api/square-posts?per_page=1');
  // member1 hosts the demo room: its home, a post, a thread, the composer and a public post's shared page.
  const rooms = await listed<Listed & { state: string }>(request, '/api/ritual-sessions/users/me');
  const room = rooms.find((item) => item.state === 'running')!;
  const roomPosts = await listed<Listed & { is_public: boolean }>(request, `/api/ritual-sessions/${room.id}/posts?per_page=50`);
  const [thread] = await listed<Listed>(request, `/api/ritual-sessions/${room.id}/threads`);
  const shared = roomPosts.find((item) => item.is_public);
  // The demo has no order: one placed by another spec in the same run is visited when there is one,
  // and the review form when member1 has a line to review (tests/e2e/reviews.spec.ts buys some), its refusal otherwise.
  const orders = await listed<Listed & { items: { id: number; can_review: boolean }[] }>(request, '/api/orders/me?per_page=50');
  const order = orders[0];
  const reviewable = orders.flatMap((item) => item.items).find((item) => item.can_review);
  return [
    '/room',
    `/room/${room.id}`,
    `/room/${room.id}/${roomPosts[0]!.id}`,
    `/room/${room.id}/thread/${thread!.id}?isExternal=true`,
    `/compose/post?roomId=${room.id}&category=wakeup`,
    `/compose/thread?roomId=${room.id}`,
    ...(shared ? [`/shared/room/${room.id}/${shared.id}`] : []),
    '/',
    '/square',
    postPath(post!),
    '/mypage',
    '/mypage/profile',
    '/mypage/phone',
    '/mypage/delete',
    '/notification',
    '/saved/square',
    '/inquiry',
    '/inquiry/create',
    `/inquiry/${inquiries[0]!.id}`,
    ...(waiting ? [`/inquiry/${waiting.id}/edit`] : []),
    '/compose/post',
    ...(own ? [`/compose/post-edit?id=${own.id}`] : []),
    '/profile/member1',
    `/room/${room.id}/report`,
    `/room/${room.id}/letter`,
    `/room/${room.id}/users/member2`,
    '/cart',
    '/mypage/orders',
    ...(order ? [`/mypage/orders/${order.id}`] : []),
    '/mypage/coupon',
    '/mypage/coupon?state=used',
    `/mypage/reviews/write?order_item_id=${reviewable?.id ?? 1}`,
    '/checkout?from=cart',
    '/checkout?from=temp',
    '/checkout/success',
    '/checkout/fail?code=PAY_PROCESS_CANCELED&message=x&orderId=none',
  ];
}

/** Opens a page, lets its islands (also those that wait to be seen) and idle scripts run, and returns its violations. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 100))));
  return { headers: response!.headers(), violations: await page.evaluate(() => window.cspViolations ?? []) };
}

/** Collects each page's own violations, and into `logged` those Chromium only writes to the console. */
async function watchViolations(page: Page, logged: string[]): Promise<void> {
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => window.cspViolations?.push({ directive: event.violatedDirective, blocked: event.blockedURI, source: event.sourceFile }),
      true,
    );
  });
  // The machine has no internet: the vendors' scripts answer empty, so nothing waits on them.
  // A request the policy blocks never reaches this route.
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, body: '' }),
  );
}

const POSTCODE_HOST = 'https://t1.daumcdn.net';
const VENDOR_HOSTS = ['https://*.googletagmanager.com', 'https://connect.facebook.net', 'https://t1.daumcdn.net', 'https://*.channel.io'];

function expectPageHeaders(headers: Record<string, string>, path: string, server: 'main' | 'configured', member: boolean): void {
  const policy = headers['content-security-policy'] ?? '';
  const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
  // The checkout names the postcode search's host between 'self' and the hashes.
  expect(directive('script-src'), path).toMatch(/^script-src 'self' /);
  expect(directive('script-src'), path).toContain(" 'sha256-");
  expect(directive('script-src'), path).not.toContain("'unsafe-inline'");
  expect(directive('frame-ancestors'), path).toBe("frame-ancestors 'none'");
  expect(directive('object-src'), path).toBe("object-src 'none'");
  for (const host of VENDOR_HOSTS) {
    if (server === 'configured') expect(directive('script-src'), path).toContain(host);
    // The checkout alone loads the postcode search, from the host Kakao Pixel also uses.
    else if (!(host === POSTCODE_HOST && path.startsWith('/checkout?'))) expect(policy, path).not.toContain(host);
  }
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], path).toBeUndefined();
  if (member) expect(headers['cache-control'], path).toBe('private, no-store');
  else expect(headers['cache-control'], path).toBeUndefined();
}

for (const server of ['main', 'configured'] as const) {
  test.describe(`the ${server} server`, () => {
    test.use({ baseURL: urlOf(server, '') });

    for (const member of [false, true]) {
      test(`breaks no content security policy on any page ${member ? 'of a member' : 'of a guest'}`, async ({ page }) => {
        test.setTimeout(180_000);
        const logged: string[] = [];
        await watchViolations(page, logged);
        if (member) await signInAsMember(page);
        const paths = member ? await memberPaths(page.request) : await guestPaths(page.request);
        await acrossTabs(
          page,
          paths,
          (tab, path) =>
            test.step(path, async () => {
              const { headers, violations } = await visit(tab, path);
              expectPageHeaders(headers, path, server, member);
              expect.soft(violations, path).toEqual([]);
            }),
          (tab) => watchViolations(tab, logged),
        );
        expect(logged).toEqual([]);
      });
    }
  });
}

test('built files and the API answer with the policy of what is no document', async ({ request }) => {
  const page = await request.get('/');
  const script = (await page.text()).match(/src="(\/_astro\/[^"]+\.js)"/)?.[1];
  for (const path of ['/favicon.svg', script!, '/api/notices', '/healthz']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers()['x-frame-options'], path).toBe('DENY');
  }
});
