import { deleteInquiry } from '../../lib/api/inquiries.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import '../shared/forms.css';
import './inquiry.css';

export const DELETE_CONFIRM_TITLE = '문의를 삭제할까요?';
const DELETE_CONFIRM_MESSAGE = '삭제한 문의와 첨부파일은 되돌릴 수 없어요.';

/** 삭제 on a waiting inquiry: asks once through the shared modal, then returns to the list. */
export function DeleteInquiryButton({ inquiryId }: { inquiryId: number }) {
  const { remove, busy, disabled, error } = useConfirmedDelete({
    title: DELETE_CONFIRM_TITLE,
    message: DELETE_CONFIRM_MESSAGE,
    send: () => deleteInquiry(inquiryId),
    then: '/inquiry?deleted=1',
  });

  return (
    <>
      <button
        type="button"
        className="form-small-button inquiry-action inquiry-action-danger"
        disabled={disabled}
        aria-busy={busy ? true : undefined}
        onClick={remove}
      >
        {busy ? '삭제하는 중…' : '삭제'}
      </button>
      <p className="inquiry-action-error" role="alert">
        {error}
      </p>
    </>
  );
}
