import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { EMAIL_MAX } from '../../lib/account-rules.ts';
import { api } from '../../lib/browser-api.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { FormAlert, FormStatus, SubmitButton, TextField } from '../shared/form-fields.tsx';

interface ForgotPasswordFormProps {
  /** Filled in when the person comes from an expired reset link. */
  initialEmail?: string;
}

export function ForgotPasswordForm({ initialEmail = '' }: ForgotPasswordFormProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    setMessages([]);
    try {
      const body = await api.post<{ status?: string }>('/forgot-password', { email: email.trim() });
      // The same answer whether or not the address is a member's: the form stays usable for a typo.
      setStatus(body.status ?? '비밀번호 재설정 메일을 보냈어요.');
    } catch (error) {
      setMessages(failureMessages(error));
    } finally {
      setBusy(false);
    }
  };

  const alertId = `${id}-alert`;
  return (
    <form className="form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        id={`${id}-email`}
        label="가입한 이메일"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={EMAIL_MAX}
        placeholder="example@email.com"
        value={email}
        onValue={setEmail}
        invalid={messages.length > 0}
        extraDescribedBy={messages.length > 0 ? alertId : undefined}
      />
      <SubmitButton label="재설정 메일 받기" busyLabel="보내는 중…" busy={busy} />
      <FormStatus id={`${id}-status`} message={status} />
      <FormAlert id={alertId} messages={messages} />
    </form>
  );
}
