import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { apiHeaders } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { expect, test } from './staff.ts';

// The planner of the demo shop (src/server/db/seed/store.ts), bought now through the temp cart so
// that the member's cart is left alone, by a member whose temp cart no other spec of the project
// uses (order-journey.spec.ts fills member5's cart, not its temp cart).
const PLANNER = '2027 먼슬리 플래너';
const BUYER = {
  mobile: { email: 'member5@example.com', option: '소프트커버' },
  desktop: { email: 'member2@example.com', option: '하드커버' },
};
const ADDRESS = { recipient_name: '한새봄', recipient_phone: '01098765432', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '5층' };

interface PaidOrder {
  id: number;
  order_number: string;
}

async function buyPlanner(request: APIRequestContext, optionName: string): Promise<PaidOrder> {
  const headers = await apiHeaders(request);
  const { data: list } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const { data: product } = (await (await request.get(`/api/products/${list.find((item) => item.title === PLANNER)!.id}`)).json()) as {
    data: { id: number; options: { id: number; name: string }[] };
  };
  const option = product.options.find((candidate) => candidate.name === optionName)!;
  const temp = await request.post('/api/temp-cart-items', { headers, data: { items: [{ product_id: product.id, product_option_id: option.id, quantity: 1 }] } });
  expect(temp.status(), await temp.text()).toBeLessThan(300);
  const created = await request.post('/api/orders', { headers, data: { from_temp_cart: true, ...ADDRESS } });
  expect(created.status(), await created.text()).toBe(201);
  const order = ((await created.json()) as { data: PaidOrder & { amount: number } }).data;
  const paid = await request.post('/api/orders/confirm', { headers, data: { order_id: order.order_number, payment_key: `test_ok_${order.order_number}`, amount: order.amount } });
  expect(paid.status(), await paid.text()).toBe(200);
  return order;
}

test('a member taps 구매 확정 on a delivered order, then 리뷰 쓰기 appears and the review is posted', async ({ page, deliverOrder }, testInfo) => {
  const buyer = testInfo.project.name === 'mobile' ? BUYER.mobile : BUYER.desktop;
  await signInAsMember(page, buyer.email);
  const order = await buyPlanner(page.request, buyer.option);

  // Paid, not yet delivered: no review, and the line says when it opens.
  await page.goto(`/mypage/orders/${order.id}`);
  const line = page.getByRole('listitem').filter({ hasText: PLANNER });
  await expect(line.getByText('배송 완료 후 리뷰를 쓸 수 있어요.')).toBeVisible();
  await expect(line.getByRole('link', { name: '리뷰 쓰기' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '구매 확정' })).toHaveCount(0);

  await deliverOrder(order.id);
  await page.goto('/mypage/orders');
  const row = page.getByRole('link').filter({ hasText: order.order_number });
  await expect(row).toContainText('배송 완료');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${order.id}$`));
  const confirmation = page.getByRole('region', { name: '상품을 잘 받으셨나요?' });
  await expect(confirmation).toContainText('배송 완료 7일 뒤인');
  await page.locator('astro-island[component-export="ConfirmPurchaseButton"]:not([ssr])').waitFor({ state: 'attached' });
  expect(await seriousViolations(page)).toEqual([]);

  const button = confirmation.getByRole('button', { name: '구매 확정' });
  const box = await button.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  if (testInfo.project.use.hasTouch) await button.tap();
  else await button.click();
  const dialog = page.getByRole('alertdialog', { name: '구매를 확정할까요?' });
  await expect(dialog).toContainText('구매 확정 후에는 되돌릴 수 없어요.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: '구매 확정하기' }).click();

  await expect(page).toHaveURL(new RegExp(`/mypage/orders/${order.id}\\?confirmed=1$`));
  await expect(page.getByRole('status').filter({ hasText: '구매를 확정했어요.' })).toBeVisible();
  await expect(page.getByText('구매 확정', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: '진행 내역' })).toContainText('구매 확정');
  await expect(page.getByRole('button', { name: '구매 확정' })).toHaveCount(0);
  await expect(page.getByText('배송 완료 후 리뷰를 쓸 수 있어요.')).toHaveCount(0);

  const write = page.getByRole('listitem').filter({ hasText: PLANNER }).getByRole('link', { name: '리뷰 쓰기' });
  await expect(write).toBeVisible();
  await write.click();
  await expect(page.getByRole('heading', { level: 1, name: '후기 쓰기' })).toBeVisible();
  await page.locator('astro-island[component-export="ReviewForm"]:not([ssr])').waitFor({ state: 'attached' });
  const stars = page.getByRole('group', { name: '별점' });
  await stars.locator('label', { has: page.getByRole('radio', { name: '5점 최고예요' }) }).click();
  const text = `받자마자 12월 칸을 채웠어요. 리추얼 기록 칸이 특히 좋아요 ${testInfo.project.name}-${Date.now()}`;
  await page.getByLabel('후기', { exact: true }).fill(text);
  await page.getByRole('button', { name: '후기 남기기' }).click();
  await expect(page.getByRole('status').getByText('후기를 남겼어요. 고마워요!')).toBeVisible();

  await page.goto('/mypage/orders');
  await expect(page.getByRole('link').filter({ hasText: order.order_number })).toContainText('구매 확정');
  await page.goto(`/mypage/orders/${order.id}`);
  await expect(page.getByRole('listitem').filter({ hasText: PLANNER })).toContainText('후기를 남겼어요');
});
