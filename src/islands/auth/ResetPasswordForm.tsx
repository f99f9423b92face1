import { useId, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { resetPassword } from '../../lib/api/auth.ts';
import { alertModal } from '../../stores/modal.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { EmailField } from './EmailField.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';

const PASSWORD_RESET_TITLE = '비밀번호가 재설정 되었습니다';

interface ResetPasswordFormProps {
  token: string;
  email: string;
}

export function ResetPasswordForm({ token, email }: ResetPasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [fields, setFields] = useState<string[]>([]);

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    setMessages([]);
    try {
      await resetPassword({ token, email, password, password_confirmation: confirmation });
      // Every session of the member has just ended, so the way on is signing in again.
      await alertModal({ title: PASSWORD_RESET_TITLE, message: '새 비밀번호로 다시 로그인해 주세요.' });
      window.location.assign('/login/email');
    } catch (error) {
      setMessages(failureMessages(error));
      setFields(isApiError(error) ? Object.keys(error.errors) : []);
      setBusy(false);
    }
  };

  // The link itself is at fault (expired, used, altered): only a new mail helps.
  const linkFailed = fields.includes('email') || fields.includes('token');
  const alertId = `${id}-alert`;
  const describe = messages.length > 0 ? alertId : undefined;
  const checklistId = `${id}-rules`;
  const forgotHref = `/forgot-password?${new URLSearchParams({ email }).toString()}`;
  const passwordField = { type: 'password', autoComplete: 'new-password', extraDescribedBy: describe } as const;
  return (
    <Form onSubmit={onSubmit}>
      <EmailField id={`${id}-email`} value={email} readOnly invalid={linkFailed} extraDescribedBy={linkFailed ? describe : undefined} />
      <TextField
        {...passwordField}
        id={`${id}-password`}
        label="새 비밀번호"
        name="password"
        value={password}
        onValue={setPassword}
        invalid={fields.includes('password')}
        extraDescribedBy={[checklistId, describe].filter(Boolean).join(' ')}
      >
        <PasswordChecklist id={checklistId} password={password} />
      </TextField>
      <TextField
        {...passwordField}
        id={`${id}-password-confirmation`}
        label="새 비밀번호 확인"
        name="password_confirmation"
        value={confirmation}
        onValue={setConfirmation}
        invalid={fields.includes('password_confirmation')}
      />
      <SubmitButton label="비밀번호 재설정" busyLabel="재설정하는 중…" busy={busy} />
      <FormAlert id={alertId} messages={messages}>
        {linkFailed ? (
          <a className="form-link" href={forgotHref}>
            재설정 메일 다시 받기
          </a>
        ) : null}
      </FormAlert>
    </Form>
  );
}
