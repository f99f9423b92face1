import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInAsMember } from './sign-in.ts';

// A missing id on every detail route (each `[param]` page under src/pages): what a link to a
// deleted post, shared in a chat, opens.
const MISSING = '987654321';
const GUEST_PATHS = [
  `/notice/${MISSING}`,
  '/terms/no-such-terms',
  '/pages/no-such-page',
  `/explorer/ritual/${MISSING}`,
  `/explorer/selfcare/${MISSING}`,
  '/explorer/selfcare/guide/no-such-guide',
  `/explorer/off-the-record/${MISSING}`,
  '/square/no-such-board',
  `/square/free/${MISSING}`,
  `/square/no-such-board/${MISSING}`,
  '/profile/no-such-member',
  `/shared/room/${MISSING}/${MISSING}`,
];
// Behind the member guard: a guest is sent to sign in before any of them is looked up.
const MEMBER_PATHS = [
  `/inquiry/${MISSING}`,
  `/inquiry/${MISSING}/edit`,
  `/mypage/orders/${MISSING}`,
  `/room/${MISSING}`,
  `/room/${MISSING}/${MISSING}`,
  `/room/${MISSING}/thread/${MISSING}`,
  `/room/${MISSING}/letter`,
  `/room/${MISSING}/report`,
  `/room/${MISSING}/users/no-such-member`,
  // The console is staff's: to a member it does not exist.
  '/admin/no-such-screen',
];

/** Collects what the page's policy blocked, as events and as Chromium's console lines. */
async function watchViolations(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => blocked.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return blocked;
}

async function expectStyledNotFound(page: Page, path: string, blocked: string[]): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  // The page's own policy, not the one for answers that are no page.
  expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'");
  await expect(page.getByRole('banner'), path).toBeVisible();
  await expect(page.getByRole('contentinfo'), path).toBeAttached();
  // The site's stylesheet and font applied: a browser's default would be its serif.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily), path).toContain('Pretendard');
  await page.waitForLoadState('networkidle');
  expect(blocked, path).toEqual([]);
}

test.describe('a missing id on a detail route', () => {
  test('answers a guest 404 with the styled page inside the shell', async ({ page }) => {
    const blocked = await watchViolations(page);
    for (const path of GUEST_PATHS) await test.step(path, () => expectStyledNotFound(page, path, blocked));
  });

  test('answers a member 404 with the styled page inside the shell', async ({ page }) => {
    const blocked = await watchViolations(page);
    await signInAsMember(page);
    for (const path of MEMBER_PATHS) await test.step(path, () => expectStyledNotFound(page, path, blocked));
  });
});
