import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

// The home's shelves on a phone: cards far off the screen are laid out only as the shelf is swiped
// to them (HomeShelf), and that must never make the shelf, or the page below it, jump.
test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

const SHELVES = ['이번 시즌 월간 리추얼', '다가오는 원데이 프로그램', '오프더레코드'] as const;

function cardsOf(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true }).getByRole('listitem');
}

/** Whether the card's content is rendered, or skipped while it is off the screen. */
function isRendered(card: Locator): Promise<boolean> {
  return card.locator('article').evaluate((article) => article.checkVisibility({ contentVisibilityAuto: true }));
}

test('cards far off the screen wait until the shelf is swiped to them, and no shelf grows as they come', async ({ page }) => {
  await page.goto('/');
  for (const name of SHELVES) {
    const cards = cardsOf(page, name);
    expect(await cards.count(), name).toBeGreaterThan(2);
    await cards.first().scrollIntoViewIfNeeded();
    await expect.poll(() => isRendered(cards.first()), name).toBe(true);
    // Chromium lays out what is within one and a half screens: the rituals' shelf holds more.
    if (name === '이번 시즌 월간 리추얼') expect(await isRendered(cards.last()), name).toBe(false);

    const list = page.getByRole('region', { name, exact: true }).getByRole('list');
    const before = (await list.boundingBox())!;
    await list.evaluate((shelf) => shelf.scrollTo({ left: shelf.scrollWidth, behavior: 'instant' }));
    await expect.poll(() => isRendered(cards.last()), name).toBe(true);
    const after = (await list.boundingBox())!;
    expect(after.height, name).toBe(before.height);
    await expect(cards.last().getByRole('heading')).toBeInViewport();
  }
});

test('every card of a shelf is as tall as the next, whatever its text, from 320 px to a desktop', async ({ page }) => {
  for (const width of [320, 375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    // Each card at the height of its own content, not the row's, and all of them laid out.
    await page.addStyleTag({ content: '.shelf > li { align-self: start; content-visibility: visible !important; }' });
    for (const name of SHELVES) {
      const heights = await cardsOf(page, name).evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
      expect(heights.length, `${name} at ${width}`).toBeGreaterThan(2);
      expect(new Set(heights).size, `${name} at ${width}: ${heights.join(', ')}`).toBe(1);
    }
  }
});
