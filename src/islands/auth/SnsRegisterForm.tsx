import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isApiError } from '../../lib/api-errors.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { api } from '../../lib/browser-api.ts';
import { Agreements } from './Agreements.tsx';
import type { AgreementState } from './Agreements.tsx';
import { failureMessages } from '../shared/failure-messages.ts';
import { FormAlert, SubmitButton } from '../shared/form-fields.tsx';
import { NicknameField, UsernameField } from '../shared/name-fields.tsx';
import { useAvailability } from '../shared/use-availability.ts';

type Field = 'nickname' | 'username';
const FIELD_ORDER = ['nickname', 'username', 'agree_terms', 'agree_privacy'];

interface Props {
  /** The name the provider gave, offered as a start. */
  nickname: string;
}

/** A member who came through Kakao, Naver, Google or Apple picks names and agrees, once. */
export function SnsRegisterForm({ nickname }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ nickname, username: '' });
  const [agreements, setAgreements] = useState<AgreementState>({ terms: false, privacy: false, marketing: false });
  const [errors, setErrors] = useState<ValidationErrors>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const username = useAvailability('username', values.username);
  const nicknameCheck = useAvailability('nickname', values.nickname);
  const fieldId = (name: string) => `${id}-${name}`;
  const agreed = agreements.terms && agreements.privacy;

  const setValue = (name: Field) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _edited, ...rest }) => rest);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !agreed) return;
    setBusy(true);
    setMessages([]);
    try {
      await api.post('/api/register-with-sns', {
        nickname: values.nickname.trim(),
        username: values.username.trim(),
        agree_terms: agreements.terms,
        agree_privacy: agreements.privacy,
        agree_marketing: agreements.marketing,
      });
      window.location.assign('/');
    } catch (error) {
      setBusy(false);
      if (!isApiError(error) || error.status !== 422) {
        setMessages(failureMessages(error));
        return;
      }
      setErrors(error.errors);
      setMessages(['입력한 내용을 다시 확인해 주세요.']);
      const first = FIELD_ORDER.find((field) => error.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
    }
  };

  return (
    <form className="form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <NicknameField
        id={fieldId('nickname')}
        value={values.nickname}
        onValue={setValue('nickname')}
        errors={errors.nickname}
        availability={nicknameCheck}
      />
      <UsernameField
        id={fieldId('username')}
        value={values.username}
        onValue={setValue('username')}
        errors={errors.username}
        availability={username}
      />
      <Agreements
        idPrefix={fieldId('agree')}
        value={agreements}
        onChange={setAgreements}
        termsErrors={errors.agree_terms}
        privacyErrors={errors.agree_privacy}
      />
      <FormAlert id={fieldId('alert')} messages={messages} />
      <SubmitButton label="시작하기" busyLabel="저장하는 중…" busy={busy} disabled={!agreed} />
    </form>
  );
}
