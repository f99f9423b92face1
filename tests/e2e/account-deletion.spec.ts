import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { MEMBER_PASSWORD, apiHeaders, createVerifiedMember, newestMail, waitForIsland } from './members.ts';
import { signInAsMember } from './sign-in.ts';

interface Product {
  id: number;
  title: string;
  options: { id: number; stock: number; is_sold_out: boolean }[];
}

// Each project buys its own product, so the two never share a cart line or a stock row.
const PRODUCT = { mobile: '친환경 TPE 요가 매트 6mm', desktop: '숙면 라벤더 디퓨저 200ml' };

/** A paid order of one product, placed and confirmed through the API with the test provider. */
async function buy(request: APIRequestContext, title: string): Promise<{ order_number: string; amount: number }> {
  const headers = await apiHeaders(request);
  const { data: products } = (await (await request.get('/api/products?per_page=48')).json()) as { data: Product[] };
  const product = products.find((item) => item.title === title)!;
  const option = product.options.find((item) => !item.is_sold_out && item.stock > 0);
  const line = await request.post('/api/cart-items', { headers, data: { product_id: product.id, product_option_id: option?.id, quantity: 1 } });
  expect(line.status()).toBe(201);
  const { data: cartLine } = (await line.json()) as { data: { id: number } };
  const created = await request.post('/api/orders', {
    headers,
    data: { cart_item_ids: [cartLine.id], recipient_name: '김하루', recipient_phone: '010-1234-5678', postal_code: '04524', address: '서울 중구 세종대로 110' },
  });
  expect(created.status()).toBe(201);
  const { data: order } = (await created.json()) as { data: { id: number; order_number: string; amount: number } };
  const paid = await request.post('/api/orders/confirm', { headers, data: { order_id: order.id, payment_key: `test_ok_${order.order_number}`, amount: order.amount } });
  expect(paid.status()).toBe(200);
  return order;
}

const won = (value: number) => `${value.toLocaleString('ko-KR')}원`;

test('a member who bought something sees what deleting does to it, deletes, is refunded and signed out', async ({ page }, testInfo) => {
  const account = await createVerifiedMember(page.request, 'leaving');
  await signInAsMember(page, account.email);
  const title = testInfo.project.name === 'mobile' ? PRODUCT.mobile : PRODUCT.desktop;
  const order = await buy(page.request, title);

  await page.goto('/mypage/delete');
  const live = page.getByRole('region', { name: '진행 중인 주문과 리추얼' });
  const card = live.getByRole('listitem').filter({ hasText: order.order_number });
  await expect(card).toContainText(title);
  await expect(card).toContainText('결제 완료');
  await expect(card).toContainText(`취소하고 ${won(order.amount)}을 카드로 돌려드려요.`);
  // One column at 375 px: the card fits the screen, nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await waitForIsland(page, 'DeleteAccountForm');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('탈퇴 사유', { exact: true }).selectOption({ label: '원하는 프로그램이 없어요' });
  await page.getByLabel('비밀번호 확인').fill(MEMBER_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: '탈퇴하기' }).click();
  const confirm = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
  await expect(confirm).toContainText(`진행 중인 주문 1건을 취소하고 ${won(order.amount)}을 환불한 뒤 탈퇴해요.`);
  await confirm.getByRole('button', { name: '탈퇴하기' }).click();
  const done = page.getByRole('alertdialog', { name: '탈퇴가 완료되었어요.' });
  await expect(done).toContainText('메일로 정리해 보내 드렸어요.');
  await done.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL('/');

  // After the verification link and the order's receipt.
  const mail = await newestMail(account.email, 3);
  expect(mail.subject).toBe('[리추얼] 탈퇴가 완료되었어요');
  expect(mail.text).toContain(`「${title}」 주문을 취소하고 ${won(order.amount)}을 카드로 돌려드렸어요.`);
  await page.goto('/mypage/delete');
  await expect(page).toHaveURL('/login?redirect=%2Fmypage%2Fdelete');
});
