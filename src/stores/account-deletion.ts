import { atom } from 'nanostores';
import { cancelsAny, isPreviewEmpty, refundTotal } from '../lib/account-deletion.ts';
import type { DeletionPreview } from '../lib/account-deletion.ts';
import { isApiError } from '../lib/api-errors.ts';
import type { ValidationErrors } from '../lib/api-errors.ts';
import { deleteAccount, deletionPreview } from '../lib/api/me.ts';
import { formatWon } from '../lib/numbers.ts';
import { alertModal, confirmModal } from './modal.ts';

/** The reasons offered; the label itself is what the server keeps. */
export const DELETION_REASONS = [
  { value: 'rarely-used', label: '이용 빈도가 낮아요' },
  { value: 'no-program', label: '원하는 프로그램이 없어요' },
  { value: 'inconvenient', label: '서비스가 불편해요' },
  { value: 'privacy', label: '개인정보가 걱정돼요' },
  { value: 'other', label: '기타' },
] as const;
export const OTHER_REASON = 'other';

const CHOOSE_REASON = '탈퇴 사유를 선택해 주세요.';
const WRITE_PASSWORD = '본인 확인을 위해 비밀번호를 입력해 주세요.';
const WRITE_REASON = '탈퇴 사유를 입력해 주세요.';
const CONFIRM_TITLE = '정말 탈퇴하시겠어요?';
const CONFIRM_MESSAGE = '탈퇴하면 계정과 기록을 되돌릴 수 없어요.';
const DONE_TITLE = '탈퇴가 완료되었어요.';
const DONE_MESSAGE = '그동안 함께해 주셔서 고마워요.';
const DONE_WITH_ORDERS_MESSAGE = '그동안 함께해 주셔서 고마워요. 취소·환불한 주문과 그대로 진행되는 주문은 메일로 정리해 보내 드렸어요.';
// A refund the provider could not make (503) or refused (409) stopped the deletion: the server says which.
const STOPPED_STATUSES = [409, 503];

/** The last question, naming what deleting cancels and gives back. */
function confirmMessage(preview: DeletionPreview): string {
  const cancelled = preview.orders.filter(cancelsAny).length;
  if (cancelled === 0) return CONFIRM_MESSAGE;
  const total = refundTotal(preview);
  const refund = total > 0 ? `취소하고 ${formatWon(total)}을 환불한 뒤` : '취소한 뒤';
  return `진행 중인 주문 ${cancelled}건을 ${refund} 탈퇴해요. ${CONFIRM_MESSAGE}`;
}

export interface DeletionRequest {
  reason: string;
  detail: string;
  password: string;
}

/**
 * How asking to delete came out: the server's wrong password (under its field, with the focus
 * there), its other field messages, a refund that stopped it (the server's words), any other
 * failure, or the account gone. Null when the member said no to the last question, or a request was on its way.
 */
export type DeletionOutcome = { problem: ValidationErrors } | { invalid: ValidationErrors } | { stopped: string } | { failure: unknown } | { deleted: true } | null;

/**
 * /mypage/delete: a reason, proof that it is really the member, one last question, then the
 * account is gone (with a last word). A refund that fails stops the deletion; `$live` is then read
 * again, since the orders refunded before it are no longer live.
 */
export function createAccountDeletion({ askPassword, preview }: { askPassword: boolean; preview: DeletionPreview }) {
  const $live = atom(preview);
  const $busy = atom(false);

  /** Told here, before the last question: the server would refuse an empty reason anyway. */
  const check = ({ reason, detail, password }: DeletionRequest): ValidationErrors | null => {
    if (!DELETION_REASONS.some((option) => option.value === reason)) return { reason: [CHOOSE_REASON] };
    if (reason === OTHER_REASON && detail.trim() === '') return { detail: [WRITE_REASON] };
    if (askPassword && password === '') return { password: [WRITE_PASSWORD] };
    return null;
  };

  /** After `check` found nothing: the last question, then the deletion. */
  const request = async ({ reason, detail, password }: DeletionRequest): Promise<DeletionOutcome> => {
    const chosen = DELETION_REASONS.find((option) => option.value === reason);
    if ($busy.get() || !chosen) return null;
    const text = detail.trim();
    if (!(await confirmModal({ title: CONFIRM_TITLE, message: confirmMessage($live.get()), confirmLabel: '탈퇴하기', tone: 'danger' }))) return null;
    $busy.set(true);
    try {
      await deleteAccount({ reason: text === '' ? chosen.label : `${chosen.label}: ${text}`, ...(askPassword ? { password } : {}) });
    } catch (error) {
      $busy.set(false);
      const fields = isApiError(error) && error.status === 422 ? error.errors : {};
      if (fields.password) return { problem: { password: fields.password } };
      if (fields.reason) return { invalid: { detail: fields.reason } };
      if (!isApiError(error) || !STOPPED_STATUSES.includes(error.status)) return { failure: error };
      deletionPreview().then($live.set.bind($live), () => undefined);
      return { stopped: error.message };
    }
    // The session is gone with the account; busy until the member leaves the page.
    await alertModal({ title: DONE_TITLE, message: isPreviewEmpty($live.get()) ? DONE_MESSAGE : DONE_WITH_ORDERS_MESSAGE });
    return { deleted: true };
  };

  return { $live, $busy, check, request };
}
