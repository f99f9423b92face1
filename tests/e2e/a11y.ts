import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Resolves once the page's running animations have ended. An animation cancelled on the way (a
 * transition restarted, its element removed) rejects its `finished` with AbortError; it has ended
 * all the same, so settling is enough.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
}

/**
 * The page's serious and critical axe violations, one line each. Running animations are awaited
 * first: a dialog still fading in has text at partial opacity, which axe reports as low contrast.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
