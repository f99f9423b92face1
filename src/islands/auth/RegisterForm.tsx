import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../lib/account-rules.ts';
import { TextField } from '../shared/form-fields.tsx';
import type { FieldNote } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { NameFields } from '../shared/name-fields.tsx';
import { useAvailability } from '../shared/use-availability.ts';
import { useForm } from '../shared/use-form.ts';
import { Agreements } from './Agreements.tsx';
import { EmailField } from './EmailField.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { useSignUp } from './use-sign-up.ts';

const FIELD_ORDER = ['email', 'password', 'password_confirmation', 'nickname', 'username', 'agree_terms', 'agree_privacy'];
const AGREE_FIRST = '필수 약관에 모두 동의하면 가입할 수 있어요.';
const PASSWORDS_MATCH = '비밀번호가 일치합니다.';
const EMPTY = { email: '', password: '', password_confirmation: '', nickname: '', username: '' };

export function RegisterForm() {
  const form = useForm(EMPTY, { order: FIELD_ORDER });
  const { values, errors, field, fieldId } = form;
  const { agreements, setAgreements, agreed, busy, submit } = useSignUp(form, 'email', '/verify-email');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const email = useAvailability('email', values.email);

  const confirmNote = ((): FieldNote | null => {
    const { password, password_confirmation: confirmation } = values;
    if (confirmation === '') return null;
    if (confirmation === password) return { tone: 'success', text: PASSWORDS_MATCH };
    return confirmTouched ? { tone: 'error', text: ACCOUNT_MESSAGES.passwordMismatch } : null;
  })();

  const onSubmit = () =>
    submit({ ...values, email: values.email.trim(), nickname: values.nickname.trim(), username: values.username.trim() });

  const checklistId = fieldId('rules');
  const agreeHintId = fieldId('agree-hint');
  return (
    <Form onSubmit={onSubmit}>
      <EmailField {...field('email')} onBlur={email.onBlur} reserveNote note={errors.email ? null : email.note} />
      <TextField {...field('password')} label="비밀번호" type="password" autoComplete="new-password" extraDescribedBy={checklistId}>
        <PasswordChecklist id={checklistId} password={values.password} />
      </TextField>
      <TextField
        {...field('password_confirmation')}
        label="비밀번호 확인"
        type="password"
        autoComplete="new-password"
        onBlur={() => setConfirmTouched(true)}
        note={errors.password_confirmation ? null : confirmNote}
      />
      <NameFields field={field} />
      <Agreements idPrefix={fieldId('agree')} value={agreements} onChange={setAgreements} errors={errors} />
      {agreed ? null : (
        <p id={agreeHintId} className="form-hint auth-submit-hint">
          {AGREE_FIRST}
        </p>
      )}
      <SubmitButton
        label="가입하기"
        busyLabel="가입하는 중…"
        busy={busy}
        disabled={!agreed}
        describedById={agreed ? undefined : agreeHintId}
      />
      <FormAlert id={fieldId('alert')} messages={form.messages} />
    </Form>
  );
}
