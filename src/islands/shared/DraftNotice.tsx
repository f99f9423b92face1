import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { DraftValue } from '../../lib/draft-value.ts';
import type { Draft } from '../../stores/drafts.ts';
import './draft-notice.css';

const clock = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'numeric', day: 'numeric' });

const when = (iso: string): string => {
  const saved = new Date(iso);
  const today = day.format(saved) === day.format(new Date());
  return today ? clock.format(saved) : `${day.format(saved)} ${clock.format(saved)}`;
};

interface DraftNoticeProps<V extends DraftValue> {
  draft: Draft<V>;
  /** 이어 쓰기: the editor shows the draft's text again. */
  onResume: (value: V) => void;
}

/**
 * Above an editor: a draft left from before, offered with 이어 쓰기 and 지우기 and read out as it
 * appears; then, quietly, when what is typed was last kept in this browser.
 */
export function DraftNotice<V extends DraftValue>({ draft, onResume }: DraftNoticeProps<V>) {
  const offer = useStore(draft.$offer);
  const savedAt = useStore(draft.$savedAt);
  const checked = useStore(draft.$checked);
  const [outcome, setOutcome] = useState('');
  const status = useRef<HTMLParagraphElement>(null);

  // The chosen button goes away with the offer: the focus stays on what now says what happened.
  const choose = (said: string, act: () => void) => {
    act();
    setOutcome(said);
    status.current?.focus();
  };

  return (
    // Busy until the browser has said whether a draft is left, so nothing is read out half-known.
    <div className="draft-notice" data-offered={offer ? true : undefined} aria-busy={checked ? undefined : true}>
      <p ref={status} className="draft-notice-text" role="status" tabIndex={-1}>
        {offer ? `${when(offer.savedAt)}에 쓰던 글이 남아 있어요. 이어서 쓸까요?` : outcome}
      </p>
      {offer ? (
        <div className="draft-notice-actions">
          <button
            type="button"
            className="draft-notice-button draft-notice-primary"
            onClick={() =>
              choose('쓰던 글을 불러왔어요.', () => {
                const value = draft.take();
                if (value) onResume(value);
              })
            }
          >
            이어 쓰기
          </button>
          <button type="button" className="draft-notice-button" onClick={() => choose('쓰던 글을 지웠어요.', () => void draft.discard())}>
            지우기
          </button>
        </div>
      ) : null}
      {savedAt && !offer ? <p className="draft-notice-saved">{when(savedAt)} 이 기기에 임시 저장됨</p> : null}
    </div>
  );
}
