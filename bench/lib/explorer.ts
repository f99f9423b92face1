// The explorer's pages: the season's list and one ritual page. The demo data has a season of
// monthly rituals; which id the first one got depends on what the seed made before it, so the
// running server is asked.
import type { SkippedResult, Target } from './load.ts';

/** Names the goals find the results by (bench/goals.ts). */
export const EXPLORER_PAGE = 'GET /explorer';
export const RITUAL_PAGE = 'GET /explorer/ritual/{id}';
/** The same pages as weighed and audited (bench/targets.ts). */
export const EXPLORER_PAGE_NAME = '/explorer';
export const RITUAL_PAGE_NAME = '/explorer/ritual/{id}';

/** The page of the first published monthly ritual, null when there is none. */
export async function ritualPagePath(baseUrl: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/rituals?type=monthly&per_page=1`);
  if (response.status !== 200) {
    await response.body?.cancel();
    return null;
  }
  const { data } = (await response.json()) as { data: Array<{ id: number }> };
  return data[0] ? `/explorer/ritual/${data[0].id}` : null;
}

export async function explorerTargets(baseUrl: string): Promise<Array<Target | SkippedResult>> {
  const ritualPath = await ritualPagePath(baseUrl);
  return [
    { name: EXPLORER_PAGE, path: '/explorer' },
    ritualPath ? { name: RITUAL_PAGE, path: ritualPath } : { target: RITUAL_PAGE, skipped: 'missing: no published monthly ritual' },
  ];
}
