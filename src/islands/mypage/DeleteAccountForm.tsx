import { useState } from 'react';
import { cancelsAny, isPreviewEmpty, refundTotal } from '../../lib/account-deletion.ts';
import type { DeletionPreview } from '../../lib/account-deletion.ts';
import { isApiError } from '../../lib/api-errors.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { deleteAccount, deletionPreview } from '../../lib/api/me.ts';
import { alertModal, confirmModal } from '../../stores/modal.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { SelectField, TextAreaField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useForm } from '../shared/use-form.ts';
import { formatWon } from '../../lib/numbers.ts';
import { LivePurchases } from './LivePurchases.tsx';
import './mypage.css';

/** The reasons offered; the label itself is what the server keeps. */
export const DELETION_REASONS = [
  { value: 'rarely-used', label: '이용 빈도가 낮아요' },
  { value: 'no-program', label: '원하는 프로그램이 없어요' },
  { value: 'inconvenient', label: '서비스가 불편해요' },
  { value: 'privacy', label: '개인정보가 걱정돼요' },
  { value: 'other', label: '기타' },
] as const;
const OTHER = 'other';
/** The server keeps at most 500 characters; the chosen label and a separator come first. */
const DETAIL_MAX = 400;

const CHOOSE_REASON = '탈퇴 사유를 선택해 주세요.';
const WRITE_PASSWORD = '본인 확인을 위해 비밀번호를 입력해 주세요.';
const WRITE_REASON = '탈퇴 사유를 입력해 주세요.';
export const CONFIRM_TITLE = '정말 탈퇴하시겠어요?';
const CONFIRM_MESSAGE = '탈퇴하면 계정과 기록을 되돌릴 수 없어요.';
export const DONE_TITLE = '탈퇴가 완료되었어요.';
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

export interface SignInAgainLink {
  label: string;
  href: string;
}

export interface DeleteAccountFormProps {
  /** A member with a password gives it again; one who only signs in socially signs in again. */
  askPassword: boolean;
  /** Where a social member signs in again, and comes back here. */
  signInAgain: SignInAgainLink[];
  /**
   * The member signed in too long ago: they sign in again before anything else (the server would
   * answer 403, which the client's error catalogue turns into "no permission" and a step back).
   */
  mustSignInAgain: boolean;
  /** What is still live on the account (GET /api/me/deletion-preview), as the page was rendered. */
  preview: DeletionPreview;
}

const FIELD_ORDER = ['reason', 'detail', 'password'];

/**
 * /mypage/delete: what is still live and what deleting does to it, a reason, proof that it is
 * really the member (their password, or a fresh sign-in), one last question, then the account is
 * gone and the member signed out. A refund that fails stops the deletion; the list is read again,
 * since the orders refunded before it are no longer live.
 */
export function DeleteAccountForm({ askPassword, signInAgain, mustSignInAgain, preview }: DeleteAccountFormProps) {
  const form = useForm({ reason: '', detail: '', password: '' }, { order: FIELD_ORDER });
  const { values, field } = form;
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(preview);
  const other = values.reason === OTHER;

  // One message at a time, under its field, with the focus there.
  const showProblem = (problem: ValidationErrors): void => {
    form.setErrors(problem);
    const [name] = Object.keys(problem);
    if (name) form.focus(name);
  };

  const onSubmit = async () => {
    if (busy) return;
    form.setMessages([]);
    const chosen = DELETION_REASONS.find((option) => option.value === values.reason);
    const text = values.detail.trim();
    // Told here, before the last question: the server would refuse an empty reason anyway.
    if (!chosen) return showProblem({ reason: [CHOOSE_REASON] });
    if (other && text === '') return showProblem({ detail: [WRITE_REASON] });
    if (askPassword && values.password === '') return showProblem({ password: [WRITE_PASSWORD] });
    form.setErrors({});
    const confirmed = await confirmModal({
      title: CONFIRM_TITLE,
      message: confirmMessage(live),
      confirmLabel: '탈퇴하기',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deleteAccount({
        reason: text === '' ? chosen.label : `${chosen.label}: ${text}`,
        ...(askPassword ? { password: values.password } : {}),
      });
    } catch (error) {
      setBusy(false);
      const fieldErrors = isApiError(error) && error.status === 422 ? error.errors : {};
      if (fieldErrors.password) showProblem({ password: fieldErrors.password });
      else if (fieldErrors.reason) form.setErrors({ detail: fieldErrors.reason });
      else if (isApiError(error) && STOPPED_STATUSES.includes(error.status)) {
        form.setMessages([error.message]);
        const fresh = await deletionPreview().catch(() => null);
        if (fresh) setLive(fresh);
      } else form.setMessages(failureMessages(error));
      return;
    }
    // The session is gone with the account: the home page is rendered for a guest.
    await alertModal({
      title: DONE_TITLE,
      message: isPreviewEmpty(live) ? DONE_MESSAGE : DONE_WITH_ORDERS_MESSAGE,
    });
    window.location.assign('/');
  };

  if (mustSignInAgain) {
    return (
      <>
        <LivePurchases preview={live} />
        <div className="mypage-reauth" role="status">
          <p>본인 확인을 위해 다시 로그인해 주세요. 로그인한 뒤 이 화면으로 돌아와요.</p>
          {signInAgain.map((link) => (
            <a key={link.href} className="form-button" href={link.href}>
              {link.label}
            </a>
          ))}
        </div>
      </>
    );
  }

  return (
    <>
      <LivePurchases preview={live} />
      <Form onSubmit={onSubmit}>
        <SelectField
          {...field('reason')}
          label="탈퇴 사유"
          placeholder="사유를 선택해 주세요"
          options={DELETION_REASONS}
          onValue={(value) => {
            // Whether a detail is needed depends on the reason: every message is stale now.
            form.setValues((current) => ({ ...current, reason: value }));
            form.setErrors({});
          }}
        />
        <TextAreaField
          {...field('detail')}
          label={other ? '자세한 사유 (필수)' : '자세한 사유 (선택)'}
          rows={4}
          placeholder={other ? '어떤 점 때문에 떠나시는지 알려 주세요.' : '더 나은 서비스를 위해 의견을 남겨 주세요.'}
          maxLength={DETAIL_MAX}
          aria-required={other ? true : undefined}
        />
        {askPassword && (
          <TextField
            {...field('password')}
            label="비밀번호 확인"
            type="password"
            autoComplete="current-password"
            hint="본인 확인을 위해 지금 쓰는 비밀번호를 입력해 주세요."
            aria-required
          />
        )}
        <SubmitButton label="탈퇴하기" busyLabel="탈퇴하는 중…" busy={busy} className="form-button mypage-danger-button" />
        <FormAlert id={form.fieldId('alert')} messages={form.messages} />
      </Form>
    </>
  );
}
