import { useId, useState } from 'react';
import { resendVerification } from '../../lib/api/auth.ts';
import { failureMessages, isStatus } from '../shared/failure-messages.ts';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';

const SENT = '인증 메일을 다시 보냈어요. 메일함과 스팸함을 확인해 주세요.';
const ALREADY_VERIFIED = '이미 인증이 끝난 계정이에요.';
const ONCE_A_MINUTE = '인증 메일은 1분에 한 번 보낼 수 있어요.';
const SIGNED_OUT = '로그인이 풀렸어요. 다시 로그인한 뒤 인증 메일을 받아 주세요.';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sent' }
  | { kind: 'verified' }
  | { kind: 'failed'; messages: string[]; signIn: boolean };

/** The "send it again" button of /verify-email, with its sent and wait-a-minute states. */
export function ResendVerification() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const body = await resendVerification();
      setOutcome(body.status === 'already-verified' ? { kind: 'verified' } : { kind: 'sent' });
    } catch (error) {
      if (isStatus(error, 401)) setOutcome({ kind: 'failed', messages: [SIGNED_OUT], signIn: true });
      else if (isStatus(error, 429)) setOutcome({ kind: 'failed', messages: [ONCE_A_MINUTE, ...failureMessages(error)], signIn: false });
      else setOutcome({ kind: 'failed', messages: failureMessages(error), signIn: false });
    } finally {
      setBusy(false);
    }
  };

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
      <FormAlert id={`${id}-alert`} messages={outcome.kind === 'failed' ? outcome.messages : []}>
        {outcome.kind === 'failed' && outcome.signIn ? (
          <a className="form-link" href="/login?redirect=%2Fverify-email">
            로그인하기
          </a>
        ) : null}
      </FormAlert>
    </Form>
  );
}
