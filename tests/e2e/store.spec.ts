import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, MEMBER_PASSWORD } from './members.ts';
import { seriousViolations } from './a11y.ts';

// The demo shop (src/server/db/seed/store.ts): the candle has the options 라벤더 (25,600원),
// 우디 시더 and 화이트 티 (sold out); the journal notebook has no options (16,000원). Each
// project fills its own member's cart, so that the two projects never share one.
const CANDLE = '라벤더 소이 캔들 200g';
const NOTEBOOK = '감사 일기 100일 노트';

async function productId(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/api/products?per_page=48');
  const { data } = (await res.json()) as { data: { id: number; title: string }[] };
  return data.find((product) => product.title === title)!.id;
}

async function emptyCart(request: APIRequestContext): Promise<void> {
  const headers = await apiHeaders(request);
  const { data } = (await (await request.get('/api/cart-items')).json()) as { data: { id: number }[] };
  for (const line of data) await request.post(`/api/cart-items/${line.id}`, { headers, data: { _method: 'DELETE' } });
}

const cartLink = (page: Page) => page.getByRole('banner').locator('a[href="/cart"]');

test('a guest browses the shop, signs in to add, and the member fills, changes and empties the cart', async ({ page }, testInfo) => {
  const email = testInfo.project.name === 'mobile' ? 'member5@example.com' : 'member4@example.com';

  await page.goto('/explorer/selfcare');
  await expect(page.getByRole('heading', { level: 1, name: '셀프케어 툴샵' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '쇼핑 안내' }).getByRole('link', { name: '배송 안내' })).toHaveAttribute('href', '/explorer/selfcare/guide/shipping');
  // A guest's shop hydrates nothing.
  expect(await page.locator('astro-island').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: '테마' }).getByRole('link', { name: '마음 돌보기' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '마음 돌보기 도구' })).toBeVisible();
  await page.getByRole('link', { name: CANDLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: CANDLE })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('할인율 20%');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: CANDLE, offers: { '@type': 'Offer', price: 25_600, priceCurrency: 'KRW' }, aggregateRating: { '@type': 'AggregateRating' } });
  await page.getByRole('link', { name: '사진 후기' }).click();
  await expect(page).toHaveURL(/is_only_image=1/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: '로그인하고 장바구니 담기' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('link', { name: '이메일로 로그인' }).click();
  await page.locator('astro-island[component-export="LoginForm"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/explorer\/selfcare\/\d+/);
  await emptyCart(page.request);
  await page.reload();

  await expect(cartLink(page)).toHaveAccessibleName('장바구니');
  await expect(page.getByRole('radio', { name: /화이트 티/ })).toBeDisabled();
  const lavender = page.getByRole('radio', { name: /라벤더/ });
  await expect(lavender).toBeEnabled();
  // Tapped, though chosen already: on a phone the buttons wait in a bar at the bottom, and options
  // nobody touched are shown first (buy-bar.spec.ts).
  await lavender.click();
  await expect(lavender).toBeChecked();
  await page.getByRole('button', { name: '장바구니 담기' }).click();
  const dialog = page.getByRole('alertdialog', { name: '장바구니에 상품이 담겼습니다' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '닫기' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('장바구니, 담긴 상품 수 1');
  await expect(page.locator('.cart-badge [aria-live="polite"]')).toHaveText('장바구니에 상품이 1개 있어요.');
  await dialog.getByRole('button', { name: '장바구니로 이동' }).click();
  await expect(page).toHaveURL('/cart');

  const summary = page.getByRole('complementary', { name: '결제 예정 금액' });
  await expect(summary.getByTestId('items-amount')).toHaveText('25,600원');
  await expect(summary.getByTestId('shipping-fee')).toHaveText('3,000원');
  await expect(summary).toContainText('24,400원 더 담으면 무료 배송이에요.');
  await page.getByRole('button', { name: '수량 늘리기' }).click();
  await expect(summary.getByTestId('items-amount')).toHaveText('51,200원');
  await expect(summary.getByTestId('shipping-fee')).toHaveText('무료');
  await expect(summary.getByTestId('amount')).toHaveText('51,200원');
  await expect(summary.getByRole('button', { name: /주문하기/ })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  // A second line, added from another tab of the same member.
  const notebook = await productId(page.request, NOTEBOOK);
  await page.request.post('/api/cart-items', { headers: await apiHeaders(page.request), data: { product_id: notebook, quantity: 1 } });
  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName('장바구니, 담긴 상품 수 2');
  await expect(summary.getByTestId('items-amount')).toHaveText('67,200원');

  await page.getByRole('checkbox', { name: `${NOTEBOOK} 선택` }).uncheck();
  await expect(summary.getByTestId('items-amount')).toHaveText('51,200원');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `${NOTEBOOK} 선택` })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /전체 선택/ }).check();
  await expect(summary.getByTestId('items-amount')).toHaveText('67,200원');

  await page.getByRole('checkbox', { name: `${CANDLE} 라벤더 선택` }).uncheck();
  await page.getByRole('button', { name: '선택 삭제' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
  await expect(page.getByRole('list', { name: '장바구니 상품' }).getByRole('listitem')).toHaveCount(1);
  await expect(cartLink(page)).toHaveAccessibleName('장바구니, 담긴 상품 수 1');

  await page.getByRole('button', { name: `${CANDLE} 라벤더 삭제` }).click();
  await expect(page.getByText('장바구니가 비어 있어요')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('장바구니');
});

test('a sold-out product cannot be added, and a guest is sent to sign in from the cart', async ({ page }) => {
  await page.goto('/explorer/selfcare?sort=price_desc');
  const soldOut = page.locator('article', { hasText: '접이식 여행용 요가 매트' });
  await expect(soldOut.getByText('품절').first()).toBeVisible();
  await soldOut.getByRole('link', { name: '접이식 여행용 요가 매트' }).click();
  await expect(page.getByText('지금은 품절이에요.')).toBeVisible();
  await expect(page.getByRole('link', { name: '로그인하고 장바구니 담기' })).toHaveCount(0);

  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart/);
});
