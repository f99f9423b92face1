import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { createSignIn } from '../../stores/auth.ts';
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
  const [login] = useState(createSignIn);
  const { busy, failure, invalid } = useStore(login.$state);
  const messages = failure === undefined ? [] : failureMessages(failure);

  const onSubmit = async () => {
    // A full load, so that the server renders the header and every page for the member.
    if (await login.submit({ email, password, remember })) window.location.assign(redirectTo);
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
