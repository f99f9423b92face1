import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { applyWelcomeCoupon, fillAddress, placeOrder, waitForCheckout } from './checkout-steps.ts';
import { apiHeaders, waitForPurchase } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { seriousViolations } from './a11y.ts';

// The demo shop (src/server/db/seed/store.ts): the journal notebook has no options (16,000원).
// WELCOME10 (seed/coupons.ts) takes 10 % off from 10,000원. Each project pays as its own member,
// and the tests of one project run in order: the cart tests and 바로 구매 share that member's carts.
const NOTEBOOK = '감사 일기 100일 노트';
const memberOf = (project: string) => (project === 'mobile' ? 'member3@example.com' : 'member1@example.com');

test.describe.configure({ mode: 'serial' });

async function productId(request: APIRequestContext, title: string): Promise<number> {
  const { data } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  return data.find((product) => product.title === title)!.id;
}

/** The member's cart holds only one notebook, chosen for the order. */
async function cartWithNotebook(request: APIRequestContext): Promise<void> {
  const headers = await apiHeaders(request);
  const { data } = (await (await request.get('/api/cart-items')).json()) as { data: { id: number }[] };
  for (const line of data) await request.post(`/api/cart-items/${line.id}`, { headers, data: { _method: 'DELETE' } });
  const added = await request.post('/api/cart-items', { headers, data: { product_id: await productId(request, NOTEBOOK), quantity: 1 } });
  expect(added.status()).toBe(201);
}

async function orderStatus(request: APIRequestContext, orderNumber: string): Promise<string | undefined> {
  const res = await request.get('/api/orders/me?per_page=50');
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { order_number: string; status: string }[] };
  return data.find((order) => order.order_number === orderNumber)?.status;
}

test('a guest is sent to sign in and comes back to the checkout', async ({ page }) => {
  await page.goto('/checkout?from=cart');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout%3Ffrom%3Dcart/);
  await page.goto('/checkout/success?paymentKey=test_ok_x&orderId=ORD-1&amount=1000');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout%2Fsuccess/);
});

test('the cart is paid with a Jeju address and WELCOME10, and a reload charges nothing more', async ({ page }, testInfo) => {
  // The whole journey (three axe scans, the payment, a reload) takes 26 s of the 30 s default on the
  // shared two-CPU runner: under more load the budget ran out during its last request.
  test.slow();
  await signInAsMember(page, memberOf(testInfo.project.name));
  await cartWithNotebook(page.request);
  await page.goto('/cart');
  await page.getByRole('button', { name: '1개 상품 주문하기' }).click();
  await expect(page).toHaveURL('/checkout?from=cart');
  await waitForCheckout(page);
  await expect(page.getByRole('heading', { level: 1, name: '주문/결제' })).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: NOTEBOOK })).toContainText('16,000원');

  await fillAddress(page, '63309');
  await expect(page.getByText(/추가 배송비 .+원이 붙어요/)).toBeVisible();
  const summary = page.getByRole('complementary', { name: '결제 예정 금액' });
  await expect(summary.getByTestId('checkout-isolated')).toBeVisible();

  await applyWelcomeCoupon(page);
  await expect(summary.getByTestId('checkout-discount')).toHaveText('-1,600원');
  expect(await seriousViolations(page)).toEqual([]);

  const orderNumber = await placeOrder(page);
  // What is paid is the server's order: items, shipping, the Jeju surcharge and the discount.
  const payable = page.getByRole('complementary', { name: '결제할 금액' });
  await expect(payable.getByTestId('checkout-items')).toHaveText('16,000원');
  await expect(payable.getByTestId('checkout-discount')).toHaveText('-1,600원');
  const isolated = Number((await payable.getByTestId('checkout-isolated').textContent())!.replace(/\D/g, ''));
  const shipping = Number((await payable.getByTestId('checkout-shipping').textContent())!.replace(/\D/g, ''));
  expect(isolated).toBeGreaterThan(0);
  const total = 16_000 + shipping + isolated - 1_600;
  await expect(payable.getByTestId('checkout-total')).toHaveText(`${total.toLocaleString('ko-KR')}원`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: /테스트 결제하기/ }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('결제 완료');
  await expect(page.getByTestId('paid-amount')).toHaveText(`${total.toLocaleString('ko-KR')}원`);
  await expect(page.getByRole('link', { name: '주문 상세 보기' })).toHaveAttribute('href', /^\/mypage\/orders\/\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('결제 완료');
  expect(await orderStatus(page.request, orderNumber)).toBe('paid');
  // The bought line left the cart.
  const { data } = (await (await page.request.get('/api/cart-items')).json()) as { data: unknown[] };
  expect(data).toEqual([]);
});

test('a declined payment leads to the fail page and leaves the order waiting for payment', async ({ page }, testInfo) => {
  await signInAsMember(page, memberOf(testInfo.project.name));
  await cartWithNotebook(page.request);
  await page.goto('/checkout?from=cart');
  await waitForCheckout(page);
  await fillAddress(page, '04524');
  const orderNumber = await placeOrder(page);
  await expect(page.getByRole('complementary', { name: '결제할 금액' }).getByTestId('checkout-isolated')).toHaveCount(0);
  await page.getByRole('link', { name: '결제 거절 흉내 내기' }).click();
  await expect(page).toHaveURL(/\/checkout\/fail\?/);
  await expect(page.getByRole('heading', { level: 1, name: '결제하지 못했어요' })).toBeVisible();
  await expect(page.getByTestId('fail-reason')).not.toBeEmpty();
  await expect(page.getByTestId('order-status')).toHaveText('결제 대기');
  await expect(page.getByRole('link', { name: '다시 결제하기' })).toHaveAttribute('href', '/checkout?from=cart');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await orderStatus(page.request, orderNumber)).toBe('pending');
});

test('바로 구매 goes straight to the checkout and is paid', async ({ page }, testInfo) => {
  await signInAsMember(page, memberOf(testInfo.project.name));
  await page.goto(`/explorer/selfcare/${await productId(page.request, NOTEBOOK)}`);
  await waitForPurchase(page);
  await page.getByRole('button', { name: '바로 구매' }).click();
  await expect(page).toHaveURL('/checkout?from=temp');
  await waitForCheckout(page);
  await expect(page.getByRole('list').filter({ hasText: NOTEBOOK })).toBeVisible();
  await fillAddress(page, '04524');
  const orderNumber = await placeOrder(page);
  await page.getByRole('link', { name: /테스트 결제하기/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();
  expect(await orderStatus(page.request, orderNumber)).toBe('paid');
});

interface ListedSession {
  id: number;
  title: string;
  seats_left: number;
  recruit_state: string;
  ritual: { id: number };
}

/** Every session of the demo's monthly rituals that is recruiting now, with seats left. */
async function openSessions(request: APIRequestContext): Promise<ListedSession[]> {
  const rituals = ((await (await request.get('/api/rituals?type=monthly&per_page=50')).json()) as { data: { id: number }[] }).data;
  const details = await Promise.all(
    rituals.map(async (ritual) => ((await (await request.get(`/api/rituals/${ritual.id}`)).json()) as { data: { id: number; sessions: Omit<ListedSession, 'ritual'>[] } }).data),
  );
  return details.flatMap((detail) =>
    detail.sessions.filter((session) => session.recruit_state === 'open' && session.seats_left > 0).map((session) => ({ ...session, ritual: { id: detail.id } })),
  );
}

test('a ritual session bought through 신청하기 needs no address and appears in /room', async ({ page }, testInfo) => {
  await signInAsMember(page, memberOf(testInfo.project.name));
  const mine = ((await (await page.request.get('/api/ritual-sessions/users/me')).json()) as { data: { id: number }[] }).data.map((room) => room.id);
  // Each project takes a different open session, so that the two never race for the last seat.
  const open = (await openSessions(page.request)).filter((session) => !mine.includes(session.id));
  const session = open[testInfo.project.name === 'mobile' ? 1 : 0]!;
  expect(session).toBeDefined();

  await page.goto(`/explorer/ritual/${session.ritual.id}?session=${session.id}`);
  await page.locator('astro-island[component-export="ApplyButton"]:not([ssr])').waitFor({ state: 'attached' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /신청하기$/ }).click();
  await expect(page).toHaveURL('/checkout?from=temp');
  await waitForCheckout(page);
  await expect(page.getByRole('list').filter({ hasText: session.title })).toContainText('리추얼 참가');
  await expect(page.getByRole('heading', { name: '배송지' })).toHaveCount(0);
  await expect(page.getByLabel('받는 분')).toHaveCount(0);
  await placeOrder(page);
  await page.getByRole('link', { name: /테스트 결제하기/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();
  await page.getByRole('link', { name: '리추얼 방으로 가기' }).click();
  await expect(page).toHaveURL('/room');
  await expect(page.getByRole('main')).toContainText(session.title);

  await page.goto(`/explorer/ritual/${session.ritual.id}?session=${session.id}`);
  await expect(page.getByText('이미 참여 중인 리추얼이에요.')).toBeVisible();
  await expect(page.getByRole('link', { name: '리추얼 방으로 가기' })).toHaveAttribute('href', '/room');
});

test('a guest on a ritual page is offered to sign in instead of 신청하기', async ({ page }) => {
  const [open] = await openSessions(page.request);
  expect(open).toBeDefined();
  await page.goto(`/explorer/ritual/${open!.ritual.id}?session=${open!.id}`);
  await expect(page.getByRole('link', { name: '로그인하고 신청하기' })).toHaveAttribute('href', /^\/login\?redirect=/);
  expect(await page.locator('astro-island').count()).toBe(0);
});
