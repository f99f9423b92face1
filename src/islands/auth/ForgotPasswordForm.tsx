import { useId, useState } from 'react';
import { askPasswordReset } from '../../lib/api/auth.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';
import { EmailField } from './EmailField.tsx';

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

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    setMessages([]);
    try {
      const body = await askPasswordReset({ email: email.trim() });
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
    <Form onSubmit={onSubmit}>
      <EmailField
        id={`${id}-email`}
        label="가입한 이메일"
        value={email}
        onValue={setEmail}
        invalid={messages.length > 0}
        extraDescribedBy={messages.length > 0 ? alertId : undefined}
      />
      <SubmitButton label="재설정 메일 받기" busyLabel="보내는 중…" busy={busy} />
      <FormStatus id={`${id}-status`} message={status} />
      <FormAlert id={alertId} messages={messages} />
    </Form>
  );
}
