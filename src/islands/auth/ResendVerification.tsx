import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { createVerificationResend } from '../../stores/auth.ts';
import type { ResendOutcome } from '../../stores/auth.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';

const SENT = '인증 메일을 다시 보냈어요. 메일함과 스팸함을 확인해 주세요.';
const ALREADY_VERIFIED = '이미 인증이 끝난 계정이에요.';
const ONCE_A_MINUTE = '인증 메일은 1분에 한 번 보낼 수 있어요.';
const SIGNED_OUT = '로그인이 풀렸어요. 다시 로그인한 뒤 인증 메일을 받아 주세요.';

const alertOf = (outcome: ResendOutcome): string[] => {
  if (outcome.kind === 'signed-out') return [SIGNED_OUT];
  if (outcome.kind === 'too-soon') return [ONCE_A_MINUTE, ...failureMessages(outcome.failure)];
  return outcome.kind === 'failed' ? failureMessages(outcome.failure) : [];
};

/** The "send it again" button of /verify-email, with its sent and wait-a-minute states. */
export function ResendVerification() {
  const id = useId();
  const [resender] = useState(createVerificationResend);
  const busy = useStore(resender.$busy);
  const outcome = useStore(resender.$outcome);
  const onSubmit = resender.resend;

  const status = outcome.kind === 'sent' ? SENT : outcome.kind === 'verified' ? ALREADY_VERIFIED : null;
  return (
    <Form compact onSubmit={onSubmit}>
      <SubmitButton label="인증 메일 다시 보내기" busyLabel="보내는 중…" busy={busy} />
      <FormStatus id={`${id}-status`} message={status}>
        {outcome.kind === 'verified' ? (
          <a className="form-link" href="/">
            홈으로 가기
          </a>
        ) : null}
      </FormStatus>
      <FormAlert id={`${id}-alert`} messages={alertOf(outcome)}>
        {outcome.kind === 'signed-out' ? (
          <a className="form-link" href="/login?redirect=%2Fverify-email">
            로그인하기
          </a>
        ) : null}
      </FormAlert>
    </Form>
  );
}
