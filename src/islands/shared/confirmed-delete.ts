import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createConfirmedAction } from '../../stores/confirmed-action.ts';
import { CANCEL_LABEL } from '../../stores/modal.ts';
import { failureMessage } from './failure-messages.ts';
import { useHydrated } from './use-hydrated.ts';

interface ConfirmedDelete {
  /** The question and its consequence, asked once through the shared modal. */
  title: string;
  message: string;
  /** The deleting call (src/lib/api). */
  send: () => Promise<unknown>;
  /** Where the reader goes once it is gone. */
  then: string;
  /** The confirming button's words, when 삭제하기 is not what happens (취소하기 …). */
  confirmLabel?: string;
  /** The dismissing button's words, when 취소 would read as doing the thing (취소하기 beside it). */
  cancelLabel?: string;
}

/**
 * A 삭제 button's behaviour: ask, delete, then leave for `then` (replacing the page, so that Back
 * does not return to something gone); on failure the reason, in Korean, for a live region.
 */
export function useConfirmedDelete({ title, message, send, then, confirmLabel = '삭제하기', cancelLabel = CANCEL_LABEL }: ConfirmedDelete) {
  const hydrated = useHydrated();
  const [action] = useState(() => createConfirmedAction({ title, message, confirmLabel, cancelLabel, tone: 'danger' }, send, then));
  const { busy, failure } = useStore(action.$state);

  const remove = async () => {
    const next = await action.run();
    if (next) window.location.replace(next);
  };

  return { remove: () => void remove(), busy, disabled: !hydrated || busy, error: failureMessage(failure) };
}
