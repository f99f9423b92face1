import type { Page } from '@playwright/test';

/**
 * Tabs a sweep of every page opens side by side. A sweep mostly waits (for the network to go
 * quiet, for idle callbacks, for the frames after a scroll): three tabs cut its time by more than
 * half on two cores, where a fourth only adds contention.
 */
export const SWEEP_TABS = 3;

/**
 * Runs `visit` for each path on `page` and on tabs opened beside it in the same browser context
 * (the same cookies, so the same member), each tab taking the next path when it is done, and
 * returns the results in the order of the paths. `prepare` readies each new tab as `page` was.
 */
export async function acrossTabs<T>(
  page: Page,
  paths: readonly string[],
  visit: (tab: Page, path: string) => Promise<T>,
  prepare: (tab: Page) => Promise<void> = async () => {},
): Promise<T[]> {
  const others = await Promise.all(
    Array.from({ length: Math.min(SWEEP_TABS, paths.length) - 1 }, async () => {
      const tab = await page.context().newPage();
      await prepare(tab);
      return tab;
    }),
  );
  const results: T[] = new Array(paths.length);
  let next = 0;
  try {
    await Promise.all(
      [page, ...others].map(async (tab) => {
        for (let index = next++; index < paths.length; index = next++) results[index] = await visit(tab, paths[index]!);
      }),
    );
  } finally {
    await Promise.all(others.map((tab) => tab.close()));
  }
  return results;
}
