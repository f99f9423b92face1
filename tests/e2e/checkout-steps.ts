import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

export async function waitForCheckout(page: Page): Promise<void> {
  await page.locator('astro-island[component-export="CheckoutForm"]:not([ssr])').waitFor({ state: 'attached' });
}

/** A Jeju address when the postal code is one (63309), which adds the 도서산간 surcharge. */
export async function fillAddress(page: Page, postalCode: string): Promise<void> {
  await page.getByLabel('받는 분').fill('김리추');
  await page.getByLabel('연락처').fill('010-1234-5678');
  await page.getByLabel('우편번호', { exact: true }).fill(postalCode);
  await page.getByLabel('주소', { exact: true }).fill('제주특별자치도 제주시 첨단로 242');
  await page.getByLabel('상세 주소').fill('2층');
}

/** Places the order and returns its number, read from the test step's link. */
export async function placeOrder(page: Page): Promise<string> {
  await page.getByLabel('주문 내용을 확인했으며 결제에 동의합니다.').check();
  await page.getByRole('button', { name: /주문하기$/ }).click();
  const panel = page.getByRole('region', { name: '테스트 결제' });
  await expect(panel).toContainText('실제 돈은 오가지 않고');
  const href = await panel.getByRole('link', { name: /테스트 결제하기/ }).getAttribute('href');
  return new URL(href!, 'http://x').searchParams.get('orderId')!;
}

/** Registers WELCOME10 in the checkout, or picks it when this member registered it before. */
export async function applyWelcomeCoupon(page: Page): Promise<void> {
  const coupon = page.getByLabel('사용할 쿠폰');
  const welcome = coupon.locator('option', { hasText: '첫 주문 10% 할인' });
  if ((await welcome.count()) === 0) {
    await page.getByLabel('쿠폰 코드 등록').fill('WELCOME10');
    await page.getByRole('button', { name: '등록' }).click();
    await expect(page.getByText('첫 주문 10% 할인 쿠폰을 등록하고 적용했어요.')).toBeVisible();
  } else {
    await coupon.selectOption((await welcome.getAttribute('value'))!);
  }
}

/** A small PNG, as a phone's photo would arrive before the server re-encodes it. */
export async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 250, g: 180, b: 90 } } })
    .png()
    .toBuffer();
}
