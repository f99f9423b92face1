import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { confirmModal } from '../../stores/modal.ts';
import { failureMessages } from '../auth/failure.ts';
import { useHydrated } from '../auth/fields.tsx';
import './inquiry.css';

export const DELETE_CONFIRM_TITLE = '문의를 삭제할까요?';
const DELETE_CONFIRM_MESSAGE = '삭제한 문의와 첨부파일은 되돌릴 수 없어요.';

/** 삭제 on a waiting inquiry: asks once through the shared modal, then returns to the list. */
export function DeleteInquiryButton({ inquiryId }: { inquiryId: number }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const remove = async () => {
    if (busy) return;
    setMessage('');
    const confirmed = await confirmModal({
      title: DELETE_CONFIRM_TITLE,
      message: DELETE_CONFIRM_MESSAGE,
      confirmLabel: '삭제하기',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await api.del(`/api/inquiries/${inquiryId}`);
      // Replaced, so that Back does not return to a page that is gone.
      window.location.replace('/inquiry?deleted=1');
    } catch (error) {
      setBusy(false);
      setMessage(failureMessages(error)[0] ?? '');
    }
  };

  return (
    <>
      <button
        type="button"
        className="inquiry-action inquiry-action-danger"
        disabled={!hydrated || busy}
        aria-busy={busy ? true : undefined}
        onClick={() => void remove()}
      >
        {busy ? '삭제하는 중…' : '삭제'}
      </button>
      <p className="inquiry-action-error" role="alert">
        {message}
      </p>
    </>
  );
}
