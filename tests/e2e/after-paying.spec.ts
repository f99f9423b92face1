import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator } from '@playwright/test';
import { readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { MAIL_OUTBOX, apiHeaders, createVerifiedMember, newestMail } from './members.ts';

// A new member pays on a phone and reads what comes back. The diary's name with its option is
// long enough at 375 px to squeeze its amount (24,000원, src/server/db/seed/store.ts).
const DIARY = '하루 한 줄 5년 다이어리';

interface PendingOrder {
  id: number;
  order_number: string;
  amount: number;
}

async function orderDiary(request: APIRequestContext): Promise<PendingOrder> {
  const headers = await apiHeaders(request);
  const { data: list } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const { data: product } = (await (await request.get(`/api/products/${list.find((item) => item.title === DIARY)!.id}`)).json()) as {
    data: { id: number; options: { id: number; name: string }[] };
  };
  const option = product.options.find((candidate) => candidate.name === '살구')!;
  const line = await request.post('/api/cart-items', { headers, data: { product_id: product.id, product_option_id: option.id, quantity: 1 } });
  expect(line.status()).toBe(201);
  const created = await request.post('/api/orders', {
    headers,
    data: {
      cart_item_ids: [((await line.json()) as { data: { id: number } }).data.id],
      recipient_name: '한새봄',
      recipient_phone: '01098765432',
      postal_code: '04524',
      address: '서울 중구 세종대로 110',
      address_detail: '5층',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: PendingOrder }).data;
}

/** How many lines of text an element's words take. */
const linesOf = (element: Locator): Promise<number> =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

test('a new member pays on a phone: a number to read out, no amount split from its 원, the phone hyphenated, the order first on 마이페이지, a notification and a receipt', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'what a phone shows');
  const account = await createVerifiedMember(page.request, 'paid');
  const order = await orderDiary(page.request);
  await page.goto(`/checkout/success?${new URLSearchParams({ paymentKey: `test_ok_${order.order_number}`, orderId: order.order_number, amount: String(order.amount) }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();

  await expect(page.getByText(`주문번호 ${order.order_number}`)).toBeVisible();
  expect(order.order_number).toMatch(/^\d{8}-[2-9A-HJKMNP-Z]{6}$/);

  const summary = page.getByRole('region', { name: '주문 내역' });
  await expect(summary.getByRole('listitem').filter({ hasText: DIARY })).toContainText('24,000원');
  const amounts = summary.getByText(/^-?[\d,]+원$/);
  expect(await amounts.count()).toBeGreaterThanOrEqual(4);
  for (const amount of await amounts.all()) expect(await linesOf(amount), await amount.innerText()).toBe(1);

  // Typed as digits only, the number is shown as people write it.
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  const delivery = page.getByRole('region', { name: '배송 정보' });
  await expect(delivery.getByRole('definition').filter({ hasText: /^010/ })).toHaveText('010-9876-5432');

  // 마이페이지 shows the order under way right after the profile, before the ritual numbers.
  await page.goto('/mypage');
  const orders = page.getByRole('navigation', { name: '주문과 쿠폰' }).getByRole('link', { name: /주문 내역/ });
  await expect(orders).toContainText('진행 중 1건');
  const below = async (locator: Locator) => (await locator.boundingBox())!.y;
  expect(await below(orders)).toBeGreaterThan(await below(page.getByRole('region', { name: '내 프로필' })));
  expect(await below(orders)).toBeLessThan(await below(page.getByRole('heading', { name: '나의 리추얼' })));
  // Within the first screen of a phone, not under the year of ritual days.
  expect(await below(orders)).toBeLessThan(page.viewportSize()!.height);
  await orders.click();
  await expect(page.getByRole('link').filter({ hasText: order.order_number })).toContainText('결제 완료');

  // Told once, though the success page was opened again: in the notifications and by mail.
  await page.goto(`/checkout/success?${new URLSearchParams({ paymentKey: `test_ok_${order.order_number}`, orderId: order.order_number, amount: String(order.amount) }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: '결제 완료' })).toBeVisible();
  await page.goto('/notification');
  const told = page.getByRole('link').filter({ hasText: '결제가 완료되었어요.' });
  await expect(told).toHaveCount(1);
  await expect(told).toContainText(DIARY);
  await told.click();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${order.id}$`));

  // After the verification link, the receipt.
  const receipt = await newestMail(account.email, 2);
  expect(receipt.subject).toBe(`[리추얼] 결제가 완료되었어요 (주문번호 ${order.order_number})`);
  expect(receipt.text).toContain(`· ${DIARY} (살구) · 1개 · 24,000원`);
  expect(receipt.text).toContain('결제 수단: 카드');
  expect(receipt.text).toContain(`결제 금액: ${order.amount.toLocaleString('ko-KR')}원`);
  expect(new URL(receipt.links[0]!).pathname).toBe(`/mypage/orders/${order.id}`);
  await page.waitForTimeout(500);
  expect(await readOutbox(MAIL_OUTBOX, { to: account.email })).toHaveLength(2);
});
