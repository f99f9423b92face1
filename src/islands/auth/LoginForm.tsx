import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import { api } from '../../lib/browser-api.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { FormAlert, SubmitButton, TextField } from '../shared/form-fields.tsx';

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

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessages([]);
    try {
      await api.post('/login', { email: email.trim(), password, remember });
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
    <form className="form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        id={`${id}-email`}
        label="이메일"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="example@email.com"
        value={email}
        onValue={setEmail}
        invalid={invalid.email}
        extraDescribedBy={describe}
      />
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
      <label className="form-check">
        <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <span>로그인 상태 유지</span>
      </label>
      <SubmitButton label="로그인" busyLabel="로그인하는 중…" busy={busy} />
      <FormAlert id={alertId} messages={messages} />
    </form>
  );
}
