import { useEffect, useId, useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, SubmitButton } from '../shared/form.tsx';
import './second-factor.css';

interface Enrolment {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

interface SecondFactorFormProps {
  /** Whether the account already has an authenticator: then only a code is asked for. */
  enrolled: boolean;
}

const CONSOLE_PATH = '/admin';

/**
 * Enrolment (QR code, first code, recovery codes shown once) or, once enrolled, the code that
 * opens the console for this sign-in.
 */
export function SecondFactorForm({ enrolled }: SecondFactorFormProps) {
  const id = useId();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (enrolled) return;
    api
      .post<{ data: Enrolment }>('/api/admin/second-factor/enrolment')
      .then((body) => setEnrolment(body.data))
      .catch((error: unknown) => setMessages(failureMessages(error)));
  }, [enrolled]);

  const onSubmit = async () => {
    if (busy) return;
    setBusy(true);
    setMessages([]);
    try {
      if (enrolled) {
        await api.post('/api/admin/second-factor/challenge', { code });
        window.location.assign(CONSOLE_PATH);
        return;
      }
      const body = await api.post<{ data: { recovery_codes: string[] } }>('/api/admin/second-factor/confirmation', { code });
      setRecoveryCodes(body.data.recovery_codes);
    } catch (error) {
      setMessages(failureMessages(error));
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <section className="second-factor-done" aria-labelledby={`${id}-codes`}>
        <h2 id={`${id}-codes`}>복구 코드</h2>
        <p>휴대폰을 잃어버렸을 때 인증 코드 대신 쓸 수 있어요. 각 코드는 한 번만 쓸 수 있고, 지금 한 번만 보여 드려요. 안전한 곳에 적어 두세요.</p>
        <ul className="recovery-codes">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ul>
        <a className="form-button second-factor-open" href={CONSOLE_PATH}>
          운영 콘솔 열기
        </a>
      </section>
    );
  }

  const alertId = `${id}-alert`;
  return (
    <Form onSubmit={onSubmit}>
      {!enrolled && enrolment ? (
        <div className="second-factor-qr">
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`} alt="인증 앱에 등록할 QR 코드" width={200} height={200} />
          <p>
            QR 코드를 찍을 수 없다면 이 키를 직접 입력해 주세요: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </div>
      ) : null}
      <TextField
        id={`${id}-code`}
        label={enrolled ? '인증 코드 또는 복구 코드' : '인증 앱에 보이는 6자리 코드'}
        value={code}
        onValue={setCode}
        autoComplete="one-time-code"
        inputMode={enrolled ? 'text' : 'numeric'}
        maxLength={32}
        required
        invalid={messages.length > 0}
        extraDescribedBy={messages.length > 0 ? alertId : undefined}
      />
      <SubmitButton label={enrolled ? '확인' : '설정 완료'} busyLabel="확인하는 중…" busy={busy} disabled={!enrolled && !enrolment} />
      <FormAlert id={alertId} messages={messages} />
    </Form>
  );
}
