import { useId, useState } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { signIn } from '../../lib/api/auth.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { CheckField, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import { EmailField } from './EmailField.tsx';

interface LoginFormProps {
  /** A same-site path, already checked by the page. */
  redirectTo: string;
}

export function LoginForm({ redirectTo }: LoginFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    setMessages([]);
    try {
      await signIn({ email: email.trim(), password, remember });
      // A full load, so that the server renders the header and every page for the member.
      window.location.assign(redirectTo);
    } catch (error) {
      setMessages(failureMessages(error));
      // Wrong credentials come back under `email`, yet both fields are in question then.
      const fields = isApiError(error) ? Object.keys(error.errors) : [];
      setInvalid({ email: fields.includes('email'), password: fields.length > 0 });
      setBusy(false);
    }
  };

  const alertId = `${id}-alert`;
  const describe = messages.length > 0 ? alertId : undefined;
  return (
    <Form onSubmit={onSubmit}>
      <EmailField id={`${id}-email`} value={email} onValue={setEmail} invalid={invalid.email} extraDescribedBy={describe} />
      <TextField
        id={`${id}-password`}
        label="비밀번호"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        invalid={invalid.password}
        extraDescribedBy={describe}
      />
      <CheckField name="remember" label="로그인 상태 유지" checked={remember} onChecked={setRemember} />
      <SubmitButton label="로그인" busyLabel="로그인하는 중…" busy={busy} />
      <FormAlert id={alertId} messages={messages} />
    </Form>
  );
}
