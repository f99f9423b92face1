import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { createPasswordReset } from '../../stores/auth.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { EmailField } from './EmailField.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';

interface ResetPasswordFormProps {
  token: string;
  email: string;
}

export function ResetPasswordForm({ token, email }: ResetPasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [reset] = useState(() => createPasswordReset(token, email));
  const { busy, failure, fields } = useStore(reset.$state);
  const messages = failure === undefined ? [] : failureMessages(failure);

  const onSubmit = async () => {
    if (await reset.submit(password, confirmation)) window.location.assign('/login/email');
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
