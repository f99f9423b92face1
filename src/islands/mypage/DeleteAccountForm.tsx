import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { api } from '../../lib/browser-api.ts';
import { alertModal, confirmModal } from '../../stores/modal.ts';
import { failureMessages } from '../auth/failure.ts';
import { FormAlert, useHydrated } from '../auth/fields.tsx';
import { SelectField, TextAreaField } from './form-controls.tsx';
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
const WRITE_REASON = '탈퇴 사유를 입력해 주세요.';
export const CONFIRM_TITLE = '정말 탈퇴하시겠어요?';
const CONFIRM_MESSAGE = '탈퇴하면 계정과 기록을 되돌릴 수 없어요.';
export const DONE_TITLE = '탈퇴가 완료되었어요.';
const DONE_MESSAGE = '그동안 함께해 주셔서 고마워요.';

/** /mypage/delete: a reason, one last question, then the account is gone and the member signed out. */
export function DeleteAccountForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [errors, setErrors] = useState<{ reason?: string[]; detail?: string[] }>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const other = reason === OTHER;
  const fieldId = (name: string) => `${id}-${name}`;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessages([]);
    const chosen = DELETION_REASONS.find((option) => option.value === reason);
    const text = detail.trim();
    // Told here, before the last question: the server would refuse an empty reason anyway.
    if (!chosen || (other && text === '')) {
      setErrors(chosen ? { detail: [WRITE_REASON] } : { reason: [CHOOSE_REASON] });
      document.getElementById(fieldId(chosen ? 'detail' : 'reason'))?.focus();
      return;
    }
    setErrors({});
    const confirmed = await confirmModal({
      title: CONFIRM_TITLE,
      message: CONFIRM_MESSAGE,
      confirmLabel: '탈퇴하기',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await api.del('/api/me', { reason: text === '' ? chosen.label : `${chosen.label}: ${text}` });
    } catch (error) {
      setBusy(false);
      const reasonErrors = isApiError(error) && error.status === 422 ? error.errors.reason : undefined;
      if (reasonErrors) setErrors({ detail: reasonErrors });
      else setMessages(failureMessages(error));
      return;
    }
    // The session is gone with the account: the home page is rendered for a guest.
    await alertModal({ title: DONE_TITLE, message: DONE_MESSAGE });
    window.location.assign('/');
  };

  return (
    <form className="auth-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <SelectField
        id={fieldId('reason')}
        label="탈퇴 사유"
        name="reason"
        placeholder="사유를 선택해 주세요"
        options={DELETION_REASONS}
        value={reason}
        onValue={(value) => {
          setReason(value);
          setErrors({});
        }}
        errors={errors.reason}
      />
      <TextAreaField
        id={fieldId('detail')}
        label={other ? '자세한 사유 (필수)' : '자세한 사유 (선택)'}
        name="detail"
        rows={4}
        placeholder={other ? '어떤 점 때문에 떠나시는지 알려 주세요.' : '더 나은 서비스를 위해 의견을 남겨 주세요.'}
        maxLength={DETAIL_MAX}
        value={detail}
        onValue={(value) => {
          setDetail(value);
          setErrors(({ detail: _edited, ...rest }) => rest);
        }}
        errors={errors.detail}
        aria-required={other ? true : undefined}
      />
      <button
        type="submit"
        className="auth-button mypage-danger-button"
        disabled={!hydrated || busy}
        aria-busy={busy ? true : undefined}
      >
        {busy ? '탈퇴하는 중…' : '탈퇴하기'}
      </button>
      <FormAlert id={fieldId('alert')} messages={messages} />
    </form>
  );
}
