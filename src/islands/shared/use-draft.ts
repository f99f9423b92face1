import { useEffect, useRef, useState } from 'react';
import type { DraftValue } from '../../lib/draft-value.ts';
import { createDraft } from '../../stores/drafts.ts';
import type { Draft } from '../../stores/drafts.ts';

/**
 * An editor's draft for `owner` (the signed-in member) at `place`: `value` is kept as it changes
 * from what the editor opened with; what is pending is written when the page is hidden or the
 * editor closes, so a closed tab or a shut reply box loses nothing.
 */
export function useDraft<V extends DraftValue>(owner: number, place: string, value: V): Draft<V> {
  const [draft] = useState(() => createDraft<V>(owner, place, value));
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    void draft.start();
    const hidden = () => {
      if (document.visibilityState === 'hidden') void draft.flush();
    };
    const leaving = () => void draft.flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      void draft.flush();
    };
  }, [draft]);

  const text = JSON.stringify(value);
  useEffect(() => draft.keep(latest.current), [draft, text]);

  return draft;
}
