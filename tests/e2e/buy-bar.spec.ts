import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { waitForCheckout } from './checkout-steps.ts';
import { waitForIsland, waitForPurchase } from './members.ts';
import { signInAsMember } from './sign-in.ts';

// Issue 35, item 11: on a phone, a product's and a ritual's 구매/신청 button stays in a bar at the
// bottom of the screen, above the tab bar, while the member scrolls; the floating 문의하기 rises
// above it and the page's last buttons scroll clear of it. The demo candle (seed/store.ts) has
// 라벤더 (chosen first), 우디 시더 and 화이트 티 (sold out). Each project buys as a member whose
// temp cart no other spec fills, and this file's tests share it, one after the other.
test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: 'serial' });

const CANDLE = '라벤더 소이 캔들 200g';
const memberOf = (project: string) => (project === 'mobile' ? 'member5@example.com' : 'member4@example.com');

async function productId(request: APIRequestContext, title: string): Promise<number> {
  const { data } = (await (await request.get('/api/products?per_page=48')).json()) as { data: { id: number; title: string }[] };
  return data.find((product) => product.title === title)!.id;
}

const barOf = (page: Page): Locator => page.locator('.sticky-action-bar');

/** The bar sits on the tab bar, the 문의하기 button above it, and nothing of the page's last row is under it. */
async function expectBarInPlace(page: Page, lastControl: Locator): Promise<void> {
  const bar = (await barOf(page).boundingBox())!;
  const tabBar = (await page.getByRole('navigation', { name: '하단 메뉴' }).boundingBox())!;
  expect(Math.abs(bar.y + bar.height - tabBar.y)).toBeLessThanOrEqual(1);
  const chat = (await page.locator('[data-chat]').boundingBox())!;
  expect(chat.y + chat.height).toBeLessThanOrEqual(bar.y);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(lastControl).toBeInViewport();
  const last = (await lastControl.boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
  // Still there at the very end of the page.
  expect((await barOf(page).boundingBox())!.y).toBe(bar.y);
}

test('a product: 바로 구매 stays at the bottom, shows the options first, then buys the one chosen', async ({ page }, testInfo) => {
  await signInAsMember(page, memberOf(testInfo.project.name));
  await page.goto(`/explorer/selfcare/${await productId(page.request, CANDLE)}`);
  await waitForPurchase(page);
  const buy = barOf(page).getByRole('button', { name: '바로 구매' });
  await expect(barOf(page).getByRole('button', { name: '장바구니 담기' })).toBeVisible();
  await expectBarInPlace(page, page.getByRole('complementary', { name: '쇼핑 안내' }).getByRole('link', { name: '1:1 문의하기' }));

  // Far below the options, the first tap brings them into view with the chosen one in focus.
  await buy.click();
  await expect(page).toHaveURL(/\/explorer\/selfcare\/\d+$/);
  const options = page.getByRole('group', { name: '옵션' });
  await expect(options.getByRole('status')).toHaveText('옵션을 확인하고 다시 눌러 주세요.');
  const lavender = page.getByRole('radio', { name: /라벤더/ });
  await expect(lavender).toBeFocused();
  await expect(lavender).toBeInViewport();
  await page.getByRole('radio', { name: /우디 시더/ }).check();
  await expect(options.getByText('옵션을 확인하고 다시 눌러 주세요.')).toHaveCount(0);

  // The total follows the option's extra price and the quantity, which stays within the option's stock.
  const total = page.locator('.purchase-total strong');
  await expect(total).toHaveText('27,600원');
  await page.getByRole('button', { name: '수량 늘리기' }).click();
  await expect(total).toHaveText('55,200원');
  const quantity = page.getByRole('spinbutton', { name: '수량' });
  await quantity.fill('999');
  const stock = await quantity.getAttribute('max');
  await expect(quantity).toHaveValue(stock!);
  expect(Number(stock)).toBeLessThan(999);
  await expect(page.getByRole('button', { name: '수량 늘리기' })).toBeDisabled();
  await page.getByRole('button', { name: '수량 줄이기' }).click();
  await expect(quantity).toHaveValue(String(Number(stock) - 1));
  await quantity.fill('1');
  await expect(total).toHaveText('27,600원');

  await buy.click();
  await expect(page).toHaveURL('/checkout?from=temp');
  await waitForCheckout(page);
  await expect(page.getByRole('list').filter({ hasText: CANDLE })).toContainText('우디 시더');
});

test('a ritual: 신청하기 stays at the bottom while the member reads, and leads to the checkout of that session', async ({ page }, testInfo) => {
  await signInAsMember(page, memberOf(testInfo.project.name));
  const { data: rituals } = (await (await page.request.get('/api/rituals?type=monthly&per_page=50')).json()) as { data: { id: number }[] };
  let chosen: { ritualId: number; session: { id: number; title: string; price: number } } | undefined;
  for (const ritual of rituals) {
    const { data } = (await (await page.request.get(`/api/rituals/${ritual.id}`)).json()) as {
      data: { sessions: { id: number; title: string; price: number; recruit_state: string; seats_left: number }[] };
    };
    const open = data.sessions.find((session) => session.recruit_state === 'open' && session.seats_left > 0);
    if (open) {
      chosen = { ritualId: ritual.id, session: open };
      break;
    }
  }
  expect(chosen).toBeDefined();
  await page.goto(`/explorer/ritual/${chosen!.ritualId}?session=${chosen!.session.id}`);
  await waitForIsland(page, 'ApplyButton');
  const apply = barOf(page).getByRole('button', { name: `${chosen!.session.price.toLocaleString('ko-KR')}원 신청하기` });
  await expect(apply).toBeVisible();
  await expectBarInPlace(page, page.getByRole('complementary', { name: '도움말' }).getByRole('link', { name: '1:1 문의하기' }));

  await apply.click();
  await expect(page).toHaveURL('/checkout?from=temp');
  await waitForCheckout(page);
  await expect(page.getByRole('list').filter({ hasText: chosen!.session.title })).toBeVisible();
});

test('a guest on a phone is offered to sign in from the bar', async ({ page, request }) => {
  await page.goto(`/explorer/selfcare/${await productId(request, CANDLE)}`);
  const signIn = barOf(page).getByRole('link', { name: '로그인하고 장바구니 담기' });
  await expect(signIn).toHaveAttribute('href', /^\/login\?redirect=/);
  await expectBarInPlace(page, page.getByRole('complementary', { name: '쇼핑 안내' }).getByRole('link', { name: '1:1 문의하기' }));
});
