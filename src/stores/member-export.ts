import { atom, computed, onMount } from 'nanostores';
import { startMemberExport } from '../lib/api/member-exports.ts';
import type { Answer } from '../lib/api/body.ts';
import { MEMBER_EXPORTS_API } from '../lib/member-export.ts';
import type { MemberExportItem } from '../lib/member-export.ts';
import { createFetcherStore } from './query.ts';

// A build takes seconds to a minute: often enough to feel live, rare enough to cost nothing.
const POLL_MS = 3000;

/**
 * 내 기록 내보내기: the member's latest export, seeded from the page, and while it is being built
 * its status read again every few seconds until it is ready or failed.
 */
export function createMemberExport(initial: MemberExportItem | null) {
  const $latest = atom<MemberExportItem | null>(initial);
  const $busy = atom(false);
  const $failure = atom<unknown>(undefined);
  // The key's last part is null, and nothing is asked, unless an export is under way.
  const $watched = computed($latest, (item) => (item?.status === 'pending' ? String(item.id) : null));
  const $status = createFetcherStore<Answer<MemberExportItem>>([`${MEMBER_EXPORTS_API}/`, $watched], { revalidateInterval: POLL_MS });
  onMount($latest, () =>
    $status.listen(({ data }) => {
      if (data && data.data.id === $latest.get()?.id) $latest.set(data.data);
    }),
  );

  const start = async (): Promise<void> => {
    if ($busy.get()) return;
    $busy.set(true);
    $failure.set(undefined);
    try {
      $latest.set(await startMemberExport());
    } catch (error) {
      $failure.set(error);
    } finally {
      $busy.set(false);
    }
  };

  return { $latest, $busy, $failure, start };
}
