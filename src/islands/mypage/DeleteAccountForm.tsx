import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DeletionPreview } from '../../lib/account-deletion.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { DELETION_REASONS, OTHER_REASON, createAccountDeletion } from '../../stores/account-deletion.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { SelectField, TextAreaField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { useForm } from '../shared/use-form.ts';
import { LivePurchases } from './LivePurchases.tsx';
import './mypage.css';

/** The server keeps at most 500 characters; the chosen label and a separator come first. */
const DETAIL_MAX = 400;

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
  const [deletion] = useState(() => createAccountDeletion({ askPassword, preview }));
  const busy = useStore(deletion.$busy);
  const live = useStore(deletion.$live);
  const other = values.reason === OTHER_REASON;

  // One message at a time, under its field, with the focus there.
  const showProblem = (problem: ValidationErrors): void => {
    form.setErrors(problem);
    const [name] = Object.keys(problem);
    if (name) form.focus(name);
  };

  const onSubmit = async () => {
    if (busy) return;
    form.setMessages([]);
    const problem = deletion.check(values);
    if (problem) return showProblem(problem);
    form.setErrors({});
    const outcome = await deletion.request(values);
    if (outcome === null) return;
    if ('problem' in outcome) showProblem(outcome.problem);
    else if ('invalid' in outcome) form.setErrors(outcome.invalid);
    else if ('stopped' in outcome) form.setMessages([outcome.stopped]);
    else if ('failure' in outcome) form.setMessages(failureMessages(outcome.failure));
    // The home page is rendered for a guest now.
    else window.location.assign('/');
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
