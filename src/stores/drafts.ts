import { atom } from 'nanostores';
import { isBlankDraft } from '../lib/draft-value.ts';
import type { DraftValue } from '../lib/draft-value.ts';
import type { StoredDraft } from '../lib/drafts.ts';

/** Long enough that typing does not write on every key, short enough that a closed tab loses little. */
export const DRAFT_SAVE_DELAY_MS = 600;

// Loaded on first use, so an editor's page carries the storage (and idb) only once it is written in.
const storage = () => import('../lib/drafts.ts');

// Every draft's writes one after the other, so that a late save never brings back what was just
// forgotten, by the editor itself or by a store once the writing went in (`forgetDraft`). A browser
// without IndexedDB (a private window of some) simply keeps nothing.
let queue: Promise<unknown> = Promise.resolve();

const run = (work: (drafts: Awaited<ReturnType<typeof storage>>) => Promise<void>): Promise<void> => {
  const next = queue.then(async () => work(await storage())).catch(() => undefined);
  queue = next;
  return next;
};

/**
 * One editor's draft: what is typed is kept as it is typed (`keep`, a moment after the last key),
 * a draft left from before is offered (`$offer`) until the member takes it back (`take`) or lets
 * it go (`discard`), and it is forgotten once the editor's writing is sent (`sent`).
 * `$savedAt` says when the text now in the editor was last kept; `$checked`, that the browser was
 * asked for a draft left from before. What the editor opened with
 * (`opened`: empty, or the post being edited) and what was last sent are no draft: coming back to
 * them forgets it.
 *
 * Typing while an old draft is offered keeps the new text over it: the offer stays in memory to
 * take back until the member chooses, and a reload then offers what they typed last.
 */
export function createDraft<V extends DraftValue>(owner: number, place: string, opened: V) {
  const $offer = atom<StoredDraft<V> | null>(null);
  const $savedAt = atom<string | null>(null);
  const $checked = atom(false);
  let pending: V | null = null;
  let settled = JSON.stringify(opened);
  let lastKept = settled;
  let keptSinceOffer = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const start = (): Promise<void> =>
    run(async (drafts) => {
      await drafts.forgetOtherOwners(owner);
      const found = await drafts.loadDraft<V>(owner, place);
      if (found && !isBlankDraft(found.value)) $offer.set(found);
    }).then(() => $checked.set(true));

  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    if (pending === null) {
      await queue;
      return;
    }
    const value = pending;
    pending = null;
    const nothingNew = JSON.stringify(value) === settled || isBlankDraft(value);
    await run(async (drafts) => {
      if (nothingNew) {
        await drafts.forgetDraft(owner, place);
        $savedAt.set(null);
      } else {
        $savedAt.set((await drafts.saveDraft(owner, place, value)).savedAt);
      }
    });
  };

  /** The editor's text now; written a moment after the last change, or at once when the page is hidden. */
  const keep = (value: V): void => {
    const text = JSON.stringify(value);
    if (text === lastKept) return;
    lastKept = text;
    keptSinceOffer = true;
    pending = value;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
  };

  /** 이어 쓰기: the offered draft, for the editor to show again. */
  const take = (): V | null => {
    const offer = $offer.get();
    $offer.set(null);
    return offer?.value ?? null;
  };

  /** 지우기: the offered draft goes, unless what was typed since has already taken its place. */
  const discard = (): Promise<void> => {
    $offer.set(null);
    return keptSinceOffer ? queue.then(() => undefined) : run((drafts) => drafts.forgetDraft(owner, place));
  };

  /**
   * The writing went in (as `now`, when the server's copy is what the editor shows next): nothing
   * is left to offer. Awaited before the page moves on, so the forgetting is done.
   */
  const sent = (now?: V): Promise<void> => {
    clearTimeout(timer);
    pending = null;
    if (now) lastKept = JSON.stringify(now);
    settled = lastKept;
    $offer.set(null);
    $savedAt.set(null);
    return run((drafts) => drafts.forgetDraft(owner, place));
  };

  return { $offer, $savedAt, $checked, start, keep, flush, take, discard, sent };
}

export type Draft<V extends DraftValue> = ReturnType<typeof createDraft<V>>;

/**
 * The writing kept at `place` went in, sent by a store after its editor had closed (a comment
 * edited in the modal): forgotten after whatever the editor wrote as it closed.
 */
export function forgetDraft(owner: number, place: string): Promise<void> {
  return run((drafts) => drafts.forgetDraft(owner, place));
}

/** Sign-out: every draft on this browser goes with the account. */
export async function forgetAllDrafts(): Promise<void> {
  await (await storage()).forgetAllDrafts().catch(() => undefined);
}
