import type { APIRequestContext } from '@playwright/test';
import { maskNickname } from '../../src/lib/reviews.ts';
import { photo } from './checkout-steps.ts';
import { apiHeaders } from './members.ts';
import { signInAsMember } from './sign-in.ts';
import { seriousViolations } from './a11y.ts';
import { expect, test } from './staff.ts';

// The demo shop's notebook (src/server/db/seed/store.ts): no options, plenty in stock.
const NOTEBOOK = '감사 일기 100일 노트';
const ADDRESS = { recipient_name: '김리추', recipient_phone: '01012345678', postal_code: '04524', address: '서울 중구 세종대로 110', address_detail: '3층', memo: '' };

/**
 * Buys the notebook now (the temp cart, so the member's cart is left alone), pays with the test
 * provider and has it delivered: a product is reviewed once it has arrived.
 */
async function buyNotebook(request: APIRequestContext, deliverOrder: (orderId: number) => Promise<void>): Promise<{ productId: number; itemId: number }> {
  const headers = await apiHeaders(request);
  const { data: products } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  const productId = products.find((product) => product.title === NOTEBOOK)!.id;
  const temp = await request.post('/api/temp-cart-items', { headers, data: { items: [{ product_id: productId, quantity: 1 }] } });
  expect(temp.status(), await temp.text()).toBeLessThan(300);
  const created = await request.post('/api/orders', { headers, data: { from_temp_cart: true, ...ADDRESS } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).data as { id: number; order_number: string; amount: number; items: { id: number }[] };
  const paid = await request.post('/api/orders/confirm', { headers, data: { order_id: order.order_number, payment_key: `test_ok_${Date.now()}`, amount: order.amount } });
  expect(paid.status(), await paid.text()).toBe(200);
  await deliverOrder(order.id);
  return { productId, itemId: order.items[0]!.id };
}

test('a buyer writes a review with a photo, reads it on the product page under a masked name, and deletes it', async ({ page, deliverOrder }, testInfo) => {
  const email = testInfo.project.name === 'mobile' ? 'member2@example.com' : 'member1@example.com';
  await signInAsMember(page, email);
  const { data: me } = (await (await page.request.get('/api/me')).json()) as { data: { nickname: string } };
  const { productId, itemId } = await buyNotebook(page.request, deliverOrder);
  const mine = await page.request.get(`/api/order-items/me/${itemId}`);
  expect((await mine.json()).data).toMatchObject({ can_review: true, review_id: null });

  await page.goto(`/mypage/reviews/write?order_item_id=${itemId}`);
  await expect(page.getByRole('heading', { level: 1, name: '후기 쓰기' })).toBeVisible();
  await expect(page.getByText(NOTEBOOK)).toBeVisible();
  await page.locator('astro-island[component-export="ReviewForm"]:not([ssr])').waitFor({ state: 'attached' });
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing chosen yet: the server's Korean messages come back under the fields.
  await page.getByRole('button', { name: '후기 남기기' }).click();
  await expect(page.getByText('별점을 1점에서 5점 사이로 골라 주세요.')).toBeVisible();
  await expect(page.getByText('후기를 10자 이상 써 주세요.')).toBeVisible();

  const stars = page.getByRole('group', { name: '별점' });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  // A person clicks the fourth star (the radio inside it is for keyboards and screen readers).
  const four = stars.getByRole('radio', { name: '4점 좋아요' });
  await stars.locator('label', { has: page.getByRole('radio', { name: '4점 좋아요' }) }).click();
  await expect(four).toBeChecked();
  await expect(page.getByText('4점 · 좋아요')).toBeVisible();
  const text = `매일 밤 세 줄씩 쓰고 있어요. 종이가 도톰해서 좋아요 ${testInfo.project.name}-${Date.now()}`;
  await page.getByLabel('후기', { exact: true }).fill(text);
  await expect(page.getByText(`${text.length}/1000`)).toBeVisible();
  await page.getByLabel('사진 선택').setInputFiles({ name: 'notebook.png', mimeType: 'image/png', buffer: await photo() });
  await expect(page.getByRole('img', { name: '올릴 사진 미리보기' })).toBeVisible();
  await page.getByRole('button', { name: '후기 남기기' }).click();
  await expect(page.getByRole('status').getByText('후기를 남겼어요. 고마워요!')).toBeVisible();

  await page.getByRole('link', { name: '상품 페이지에서 보기' }).click();
  await expect(page).toHaveURL(new RegExp(`/explorer/selfcare/${productId}#reviews-title$`));
  const masked = maskNickname(me.nickname);
  const review = page.getByRole('listitem').filter({ hasText: text });
  await expect(review).toContainText(masked);
  await expect(review).not.toContainText(me.nickname);
  await expect(review.getByRole('img', { name: '별점 5점 만점에 4점' })).toBeVisible();
  const picture = review.getByRole('img', { name: `${masked} 님의 후기 사진` });
  await expect(picture).toBeVisible();
  const photoSrc = await picture.getAttribute('src');
  expect(photoSrc).toMatch(/^\/uploads\/reviews\/.+\.webp$/);
  expect((await page.request.get(photoSrc!)).status()).toBe(200);
  await page.getByRole('link', { name: /사진 후기/ }).click();
  await expect(page.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The line is reviewed now: its form explains instead.
  const again = await page.request.get(`/api/order-items/me/${itemId}`);
  expect((await again.json()).data).toMatchObject({ can_review: false });
  const own = page.getByRole('listitem').filter({ hasText: text });
  await own.scrollIntoViewIfNeeded();
  await own.locator('astro-island[component-export="DeleteReviewButton"]:not([ssr])').waitFor({ state: 'attached' });
  await own.getByRole('button', { name: '삭제' }).click();
  const dialog = page.getByRole('alertdialog', { name: '후기를 삭제할까요?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '삭제하기' }).click();
  await expect(page.getByText(text)).toHaveCount(0);
  // The photo went with it.
  expect((await page.request.get(photoSrc!)).status()).toBe(404);
});

test('the review form explains what cannot be reviewed, keeps other members out and sends guests to sign in', async ({ page, browser, deliverOrder }, testInfo) => {
  const email = testInfo.project.name === 'mobile' ? 'member2@example.com' : 'member1@example.com';
  await signInAsMember(page, email);
  const { itemId } = await buyNotebook(page.request, deliverOrder);
  const res = await page.request.post('/api/reviews', {
    headers: await apiHeaders(page.request),
    multipart: { reviewable_type: 'product', reviewable_id: String((await (await page.request.get(`/api/order-items/me/${itemId}`)).json()).data.product_id), order_item_id: String(itemId), rating: '5', content: '다 쓰고 또 샀어요. 추천합니다.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const reviewId = (await res.json()).data.id as number;

  await page.goto(`/mypage/reviews/write?order_item_id=${itemId}`);
  await expect(page.getByText('이미 후기를 쓴 주문 상품이에요.')).toBeVisible();
  await expect(page.getByRole('link', { name: '내가 쓴 후기 보기' })).toBeVisible();
  await expect(page.getByRole('button', { name: '후기 남기기' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAsMember(otherPage, 'member3@example.com');
  const answer = await otherPage.goto(`/mypage/reviews/write?order_item_id=${itemId}`);
  expect(answer?.status()).toBe(404);
  await expect(otherPage.getByText('후기를 쓸 주문 상품을 찾을 수 없어요.', { exact: false })).toBeVisible();
  await expect(otherPage.getByText('이미 후기를 쓴')).toHaveCount(0);
  const refused = await otherPage.request.post(`/api/reviews/${reviewId}`, { headers: await apiHeaders(otherPage.request), data: { _method: 'DELETE' } });
  expect(refused.status()).toBe(403);
  await other.close();

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(`/mypage/reviews/write?order_item_id=${itemId}`);
  await expect(guestPage).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`/mypage/reviews/write?order_item_id=${itemId}`).replace(/[?]/g, '\\?')}`));
  await guest.close();

  const removed = await page.request.post(`/api/reviews/${reviewId}`, { headers: await apiHeaders(page.request), data: { _method: 'DELETE' } });
  expect(removed.status()).toBe(204);
});
