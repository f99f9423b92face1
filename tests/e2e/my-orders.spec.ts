import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { apiHeaders, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { seriousViolations } from './a11y.ts';

// Orders are placed through the API as member1 (POST /api/orders, then the test provider's
// confirm). Each test and project buys products of its own, so their cart lines never merge.
interface Order {
  id: number;
  order_number: string;
  amount: number;
  items: { id: number; name: string; line_amount: number; discount_share: number }[];
}

const won = (value: number) => `${value.toLocaleString('ko-KR')}원`;

async function placeOrder(request: APIRequestContext, titles: string[], pay: boolean): Promise<Order> {
  const headers = await apiHeaders(request);
  const { data: products } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const lineIds: number[] = [];
  for (const title of titles) {
    const product = products.find((item) => item.title === title)!;
    const res = await request.post('/api/cart-items', { headers, data: { product_id: product.id, quantity: 1 } });
    expect(res.status(), title).toBe(201);
    lineIds.push(((await res.json()) as { data: { id: number } }).data.id);
  }
  const created = await request.post('/api/orders', {
    headers,
    data: { cart_item_ids: lineIds, recipient_name: '김하루', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '문 앞에 놓아 주세요' },
  });
  expect(created.status()).toBe(201);
  const order = ((await created.json()) as { data: Order }).data;
  if (!pay) return order;
  const confirmed = await request.post('/api/orders/confirm', { headers, data: { order_id: order.id, payment_key: `test_ok_${order.order_number}`, amount: order.amount } });
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { data: Order }).data;
}

const PRODUCTS = {
  desktop: { paid: ['요가 매트 스트랩', '독서 기록 플래너', '무지 도트 노트 A5'], pending: '12주 습관 플래너' },
  mobile: { paid: ['룸 스프레이 포레스트', '실크 수면 안대', '아침 루이보스 티 30티백'], pending: '새벽 숲 향초 캔들' },
};
const productsOf = (project: string) => (project === 'mobile' ? PRODUCTS.mobile : PRODUCTS.desktop);

test('a member sees a paid order, cancels one item for a partial refund, then the rest', async ({ page }, testInfo) => {
  // A purchase, two cancels and two axe scans: 28 s of the default 30 under load.
  test.slow();
  await signInAsMember(page);
  const order = await placeOrder(page.request, productsOf(testInfo.project.name).paid, true);

  await page.goto('/mypage');
  await page.getByRole('link', { name: '주문 내역' }).click();
  await expect(page).toHaveURL(/\/mypage\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: '주문 내역' })).toBeVisible();
  const row = page.getByRole('link').filter({ hasText: order.order_number });
  await expect(row).toContainText('결제 완료');
  await expect(row).toContainText(won(order.amount));
  // The list is read only: none of its own islands (the shell's bell and modal host are the member's).
  await expect(page.locator('astro-island[component-export="CancelOrderButton"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: '주문 상세' })).toBeVisible();
  await expect(page.getByText('서울 중구 세종대로 110 3층')).toBeVisible();
  await expect(page.getByText('문 앞에 놓아 주세요')).toBeVisible();
  await expect(page.getByText('결제 금액').first()).toBeVisible();
  await waitForIsland(page, 'CancelOrderButton');
  expect(await seriousViolations(page)).toEqual([]);

  const first = order.items[0]!;
  const firstShare = first.line_amount - first.discount_share;
  const firstRow = page.getByRole('listitem').filter({ hasText: first.name });
  await firstRow.getByRole('button', { name: '이 상품 취소' }).click();
  const dialog = page.getByRole('alertdialog', { name: '이 상품을 취소할까요?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '상품 취소하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '환불되었어요' })).toHaveText(`${won(firstShare)}이 환불되었어요.`);
  await expect(page.getByText('부분 환불', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: first.name })).toContainText('환불 완료');
  await expect(page.getByRole('listitem').filter({ hasText: first.name }).getByRole('button')).toHaveCount(0);
  await expect(page.locator('.refund dd')).toHaveText(won(firstShare));

  await waitForIsland(page, 'CancelOrderButton');
  await page.getByRole('button', { name: '결제 취소 (전액 환불)' }).click();
  const whole = page.getByRole('alertdialog', { name: '결제를 취소할까요?' });
  await whole.getByRole('button', { name: '결제 취소하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '환불되었어요' })).toHaveText(`${won(order.amount - firstShare)}이 환불되었어요.`);
  await expect(page.getByText('환불 완료', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.refund dd')).toHaveText(won(order.amount));
  await expect(page.getByRole('button', { name: /취소/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a member cancels an order not yet paid', async ({ page }, testInfo) => {
  await signInAsMember(page);
  const order = await placeOrder(page.request, [productsOf(testInfo.project.name).pending], false);
  await page.goto(`/mypage/orders/${order.id}`);
  await expect(page.getByText('결제 대기', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '결제 취소 (전액 환불)' })).toHaveCount(0);
  await waitForIsland(page, 'CancelOrderButton');
  await page.getByRole('button', { name: '주문 취소' }).click();
  const dialog = page.getByRole('alertdialog', { name: '주문을 취소할까요?' });
  // 취소 beside 주문 취소하기 would read as the same thing: the way out says 닫기, and keeps the order.
  await expect(dialog.getByRole('button')).toHaveText(['닫기', '주문 취소하기']);
  await dialog.getByRole('button', { name: '닫기' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('결제 대기', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: '주문 취소' }).click();
  await dialog.getByRole('button', { name: '주문 취소하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '주문을 취소했어요.' })).toBeVisible();
  await expect(page.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  await page.goto('/mypage/orders');
  await expect(page.getByRole('link').filter({ hasText: order.order_number })).toContainText('주문 취소');
});

test('another member finds member1’s order not found, and a guest is sent to sign in', async ({ browser, page }, testInfo) => {
  await signInAsMember(page);
  const order = await placeOrder(page.request, [productsOf(testInfo.project.name).pending], false);

  const other = await browser.newPage();
  await signInAsMember(other, 'member2@example.com');
  const res = await other.goto(`/mypage/orders/${order.id}`);
  expect(res?.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1, name: '주문을 찾을 수 없어요' })).toBeVisible();
  await expect(other.getByText(order.order_number)).toHaveCount(0);
  await other.close();

  const guest = await browser.newPage();
  await guest.goto(`/mypage/orders/${order.id}`);
  await expect(guest).toHaveURL(new RegExp(`/login\\?redirect=%2Fmypage%2Forders%2F${order.id}$`));
  await guest.goto('/mypage/coupon');
  await expect(guest).toHaveURL(/\/login\?redirect=%2Fmypage%2Fcoupon$/);
  await guest.close();
});

test('member1 finds the given coupon, a wrong code is refused in Korean, and a code adds a coupon', async ({ page }, testInfo) => {
  // Each project registers RITUAL5000 as its own member: a code is registered once per member.
  const email = testInfo.project.name === 'mobile' ? 'member3@example.com' : 'member2@example.com';
  await signInAsMember(page);
  await page.goto('/mypage');
  await page.getByRole('link', { name: '쿠폰' }).click();
  await expect(page).toHaveURL(/\/mypage\/coupon$/);
  const given = page.getByRole('listitem').filter({ hasText: '가을 감사 쿠폰' });
  await expect(given).toContainText('3,000원 할인');
  await expect(given).toContainText('20,000원 이상');
  await expect(given).toContainText('모든 상품과 리추얼');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: '사용 완료·만료' }).click();
  await expect(page).toHaveURL(/state=used$/);
  await expect(page.getByRole('link', { name: '사용 완료·만료' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('listitem').filter({ hasText: '가을 감사 쿠폰' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await signInAsMember(page, email);
  await page.goto('/mypage/coupon');
  await page.locator('astro-island[component-export="CouponRegisterForm"]:not([ssr])').waitFor({ state: 'attached' });
  const code = page.getByLabel('쿠폰 코드');
  await code.fill('NOPE-123');
  await page.getByRole('button', { name: '쿠폰 등록' }).click();
  await expect(page.getByText('쿠폰 코드를 찾을 수 없어요. 대소문자와 숫자를 다시 확인해 주세요.')).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await code.fill('ritual5000');
  await page.getByRole('button', { name: '쿠폰 등록' }).click();
  await expect(page.getByRole('status').filter({ hasText: '쿠폰을 등록했어요' })).toHaveText('‘리추얼 신청 5,000원 할인’ 쿠폰을 등록했어요.');
  const added = page.getByRole('listitem').filter({ hasText: '리추얼 신청 5,000원 할인' });
  await expect(added).toContainText('5,000원 할인');
  await expect(added).toContainText('30,000원 이상');
  await expect(added).toContainText('리추얼 신청');
});

test('the coupon notification opens /mypage/coupon', async ({ page }) => {
  await signInAsMember(page);
  await page.goto('/notification');
  const item = page.getByRole('link').filter({ hasText: '가을 감사 쿠폰' });
  await expect(item).toHaveAttribute('href', '/mypage/coupon');
  await expect(item).toContainText('쿠폰이 도착했어요.');
  await item.click();
  await expect(page).toHaveURL(/\/mypage\/coupon$/);
  await expect(page.getByRole('listitem').filter({ hasText: '가을 감사 쿠폰' })).toBeVisible();
});
