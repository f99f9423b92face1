import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiHeaders } from './members.ts';
import { urlOf } from './servers.ts';
import { signInAsMember } from './sign-in.ts';
import { openConsole, openMenu, searchList } from './console.ts';

// The demo administrator may enter five codes in five minutes per server, and admin.spec.ts
// spends four of the main server's: this spec signs in on the other one.
test.use({ baseURL: urlOf('configured', '') });

// Each project buys a product no other spec buys, so its cart line never merges with another's.
const PRODUCT = { desktop: '보온 텀블러 480ml', mobile: '마음 편지 카드 세트' };

interface Order {
  id: number;
  order_number: string;
  amount: number;
}

async function placePaidOrder(page: Page, title: string): Promise<Order> {
  const headers = await apiHeaders(page.request);
  const { data: products } = (await (await page.request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const product = products.find((item) => item.title === title)!;
  const line = await page.request.post('/api/cart-items', { headers, data: { product_id: product.id, quantity: 1 } });
  expect(line.status()).toBe(201);
  const lineId = ((await line.json()) as { data: { id: number } }).data.id;
  const created = await page.request.post('/api/orders', {
    headers,
    data: { cart_item_ids: [lineId], recipient_name: '박배송', recipient_phone: '010-5555-1234', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '5층' },
  });
  expect(created.status()).toBe(201);
  const order = ((await created.json()) as { data: Order }).data;
  const paid = await page.request.post('/api/orders/confirm', { headers, data: { order_id: order.id, payment_key: `test_ok_${order.order_number}`, amount: order.amount } });
  expect(paid.status()).toBe(200);
  return order;
}

test('the administrator ships a paid order and gives a coupon; the member reads the tracking number and finds the coupon', async ({ page }, testInfo) => {
  // A purchase, the console's order and coupon screens and the member's pages: 20-24 s of the default 30 under load.
  test.slow();
  const member = 'member4@example.com';
  await signInAsMember(page, member);
  const order = await placePaidOrder(page, testInfo.project.name === 'mobile' ? PRODUCT.mobile : PRODUCT.desktop);
  await page.context().clearCookies();

  await openConsole(page);

  await openMenu(page, '주문');
  await expect(page).toHaveURL(/\/admin\/orders/);
  await searchList(page, /주문번호, 회원 이메일/, order.order_number);
  const row = page.getByRole('row').filter({ hasText: order.order_number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('결제 완료');
  await row.getByText(order.order_number).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
  await expect(page.getByText('박배송 · 010-5555-1234')).toBeVisible();

  await page.getByRole('button', { name: '발송 처리', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '발송 처리' });
  await dialog.getByRole('combobox', { name: '택배사' }).click();
  await page.getByRole('option', { name: '한진택배' }).click();
  await dialog.getByRole('textbox', { name: '운송장 번호' }).fill('12');
  await dialog.getByRole('button', { name: '발송 처리하기' }).click();
  await expect(dialog.getByText('운송장 번호는 숫자와 영문 8~20자로 입력해 주세요.')).toBeVisible();
  const tracking = `5${String(Date.now()).slice(-11)}`;
  await dialog.getByRole('textbox', { name: '운송장 번호' }).fill(`${tracking.slice(0, 4)}-${tracking.slice(4)}`);
  await dialog.getByRole('button', { name: '발송 처리하기' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('발송 처리했어요')).toBeVisible();
  await expect(page.getByText(`한진택배 ${tracking}`)).toBeVisible();
  await expect(page.getByText('배송 중', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '배송 완료' })).toBeVisible();
  await expect(page.getByRole('button', { name: '발송 처리', exact: true })).toHaveCount(0);

  // A coupon made in the console and given to the member by e-mail.
  await openMenu(page, '쿠폰');
  await page.getByRole('link', { name: '새로 만들기' }).click();
  const code = `SHIP-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const couponName = `배송 감사 쿠폰 ${code}`;
  await page.getByRole('textbox', { name: /쿠폰 코드/ }).fill(code);
  await page.getByRole('textbox', { name: /쿠폰 이름/ }).fill(couponName);
  await page.getByRole('combobox', { name: '할인 방식' }).click();
  await page.getByRole('option', { name: '정액 (원)' }).click();
  await page.getByRole('spinbutton', { name: /할인 값/ }).fill('2000');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('만들었어요')).toBeVisible();
  await page.getByRole('button', { name: '발급', exact: true }).click();
  const issue = page.getByRole('dialog', { name: `${couponName} 발급` });
  await issue.getByRole('textbox', { name: '받을 회원' }).fill(`${member}, nobody-${code.toLowerCase()}@example.com`);
  await issue.getByRole('button', { name: '발급하기' }).click();
  await expect(issue.getByText(`가입한 회원의 이메일이 아니에요: nobody-${code.toLowerCase()}@example.com`)).toBeVisible();
  await issue.getByRole('textbox', { name: '받을 회원' }).fill(member);
  await issue.getByRole('button', { name: '발급하기' }).click();
  await expect(issue).toBeHidden();
  await expect(page.getByText('1명에게 발급하고 알림을 보냈어요.')).toBeVisible();

  await page.context().clearCookies();
  await signInAsMember(page, member);
  await page.goto('/mypage/coupon');
  await expect(page.getByText(couponName)).toBeVisible();
  await page.goto(`/mypage/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '주문 상세' })).toBeVisible();
  await expect(page.getByText('배송 중', { exact: true })).toBeVisible();
  const delivery = page.getByRole('region', { name: '배송 정보' });
  await expect(delivery.getByRole('definition').filter({ hasText: '한진택배' })).toBeVisible();
  await expect(delivery.getByRole('definition').filter({ hasText: tracking })).toBeVisible();
  await expect(page.getByRole('region', { name: '진행 내역' })).toContainText(`발송 (한진택배 ${tracking})`);
});
