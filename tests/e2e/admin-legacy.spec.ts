import { expect, test } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { openConsole, openMenu } from './console.ts';

test('an old client calls a /v1 path, and the administrator sees it in the console with the day it was last called', async ({ page, request }) => {
  // The built server hands /v1 to the API before the pages; the answer is the counterpart's, marked deprecated.
  const legacy = await request.get('/v1/square/categories');
  expect(legacy.status()).toBe(200);
  expect(legacy.headers()['deprecation']).toMatch(/^@\d+$/);
  expect(legacy.headers()['link']).toBe('</api/square-post-categories>; rel="successor-version"');
  expect(await legacy.json()).toEqual(await (await request.get('/api/square-post-categories')).json());
  expect((await request.get('/v1/no-such-thing')).status()).toBe(404);

  await openConsole(page);
  await openMenu(page, '옛 API 사용');
  await expect(page).toHaveURL(/\/admin\/legacy-usage/);
  const row = page.getByRole('row').filter({ hasText: '/v1/square/categories' });
  await expect(row).toContainText('/api/square-post-categories');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
  await expect(row).toContainText(today);
  expect(await seriousViolations(page)).toEqual([]);
});
