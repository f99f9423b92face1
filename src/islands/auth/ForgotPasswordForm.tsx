import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { createPasswordResetRequest } from '../../stores/auth.ts';
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
  const [request] = useState(createPasswordResetRequest);
  const { busy, status, failure } = useStore(request.$state);
  const messages = failure === undefined ? [] : failureMessages(failure);

  const onSubmit = () => request.submit(email);

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
