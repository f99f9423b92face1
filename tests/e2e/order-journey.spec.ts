import { maskNickname } from '../../src/lib/reviews.ts';
import { applyWelcomeCoupon, fillAddress, photo, placeOrder, waitForCheckout } from './checkout-steps.ts';
import { apiHeaders, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { expect, test } from './staff.ts';

// Issue 20's whole path in one go, as one member per project who touches nothing else in the
// e2e run (member4, member5): cart → checkout with a Jeju address and WELCOME10 → test payment →
// my orders → one item cancelled for a partial refund → delivered from the console → a review with
// a photo on the product page.
const JOURNAL = '감사 일기 100일 노트';
const SECOND = '무지 도트 노트 A5';
const won = (value: number) => `${value.toLocaleString('ko-KR')}원`;

test('a member buys two products, cancels one for a partial refund and reviews the other with a photo', async ({ page, deliverOrder }, testInfo) => {
  await signInAsMember(page, testInfo.project.name === 'mobile' ? 'member5@example.com' : 'member4@example.com');
  const headers = await apiHeaders(page.request);
  const { data: products } = (await (await page.request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const { data: lines } = (await (await page.request.get('/api/cart-items')).json()) as { data: { id: number }[] };
  for (const line of lines) await page.request.post(`/api/cart-items/${line.id}`, { headers, data: { _method: 'DELETE' } });
  for (const title of [JOURNAL, SECOND]) {
    const added = await page.request.post('/api/cart-items', { headers, data: { product_id: products.find((product) => product.title === title)!.id, quantity: 1 } });
    expect(added.status(), title).toBe(201);
  }

  await page.goto('/cart');
  await page.getByRole('button', { name: '2개 상품 주문하기' }).click();
  await waitForCheckout(page);
  await fillAddress(page, '63309');
  await expect(page.getByText(/추가 배송비 .+원이 붙어요/)).toBeVisible();
  await applyWelcomeCoupon(page);
  const summary = page.getByRole('complementary', { name: '결제 예정 금액' });
  await expect(summary.getByTestId('checkout-discount')).toHaveText(/^-[\d,]+원$/);
  await placeOrder(page);
  await page.getByRole('link', { name: /테스트 결제하기/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();
  const paid = await page.getByTestId('paid-amount').textContent();

  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '주문 상세' })).toBeVisible();
  await expect(page.getByText('결제 금액').first()).toBeVisible();
  await expect(page.getByText(paid!).first()).toBeVisible();
  await waitForIsland(page, 'CancelOrderButton');
  const orderId = Number(/\/mypage\/orders\/(\d+)$/.exec(page.url())![1]);
  const { data: order } = (await (await page.request.get(`/api/orders/me/${orderId}`)).json()) as {
    data: { isolated_fee: number; discount_amount: number; items: { id: number; name: string; line_amount: number; discount_share: number }[] };
  };
  expect(order.isolated_fee).toBeGreaterThan(0);
  expect(order.discount_amount).toBeGreaterThan(0);

  const cancelled = order.items.find((item) => item.name === SECOND)!;
  const share = cancelled.line_amount - cancelled.discount_share;
  await page.getByRole('listitem').filter({ hasText: SECOND }).getByRole('button', { name: '이 상품 취소' }).click();
  await page.getByRole('alertdialog', { name: '이 상품을 취소할까요?' }).getByRole('button', { name: '상품 취소하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '환불되었어요' })).toHaveText(`${won(share)}이 환불되었어요.`);
  await expect(page.getByText('부분 환불', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: JOURNAL })).toContainText('배송 완료 후 리뷰를 쓸 수 있어요.');

  await deliverOrder(orderId);
  await page.reload();
  await page.getByRole('listitem').filter({ hasText: JOURNAL }).getByRole('link', { name: '리뷰 쓰기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '후기 쓰기' })).toBeVisible();
  await page.locator('astro-island[component-export="ReviewForm"]:not([ssr])').waitFor({ state: 'attached' });
  const stars = page.getByRole('group', { name: '별점' });
  await stars.locator('label', { has: page.getByRole('radio', { name: '5점 최고예요' }) }).click();
  const text = `제주까지 잘 도착했어요. 종이가 부드러워요 ${testInfo.project.name}-${Date.now()}`;
  await page.getByLabel('후기', { exact: true }).fill(text);
  await page.getByLabel('사진 선택').setInputFiles({ name: 'journal.png', mimeType: 'image/png', buffer: await photo() });
  await page.getByRole('button', { name: '후기 남기기' }).click();
  await expect(page.getByRole('status').getByText('후기를 남겼어요. 고마워요!')).toBeVisible();

  await page.getByRole('link', { name: '상품 페이지에서 보기' }).click();
  const { data: me } = (await (await page.request.get('/api/me')).json()) as { data: { nickname: string } };
  const review = page.getByRole('listitem').filter({ hasText: text });
  await expect(review).toContainText(maskNickname(me.nickname));
  await expect(review.getByRole('img', { name: `${maskNickname(me.nickname)} 님의 후기 사진` })).toBeVisible();
});
