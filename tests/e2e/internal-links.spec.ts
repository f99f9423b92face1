import { expect, test } from '@playwright/test';

// What a guest can click first: the shell (banner, header, tab bars, footer) comes with each page.
const STARTING_PAGES = ['/', '/about', '/explorer', '/explorer/program', '/explorer/off-the-record'];

test.describe('no internal link leads nowhere', () => {
  for (const start of STARTING_PAGES) {
    test(`every link of ${start} and its shell answers`, async ({ page, baseURL }) => {
      await page.goto(start);
      const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      const origin = new URL(baseURL!).origin;
      const internal = [...new Set(hrefs.map((href) => new URL(href)).filter((url) => url.origin === origin).map((url) => url.pathname + url.search))];
      expect(internal.length).toBeGreaterThan(5);

      const broken: string[] = [];
      for (const path of internal) {
        // Redirects are followed: a member-only page sends a guest to sign in, which answers 200.
        const response = await page.request.get(path);
        if (response.status() >= 400) broken.push(`${path} → ${response.status()}`);
      }
      expect(broken).toEqual([]);
    });
  }
});
