import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { ACCOUNT_MESSAGES, EMAIL_MAX } from '../../lib/account-rules.ts';
import { isApiError } from '../../lib/api-errors.ts';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { api } from '../../lib/browser-api.ts';
import { Agreements } from './Agreements.tsx';
import type { AgreementState } from './Agreements.tsx';
import { failureMessages } from '../shared/failure-messages.ts';
import { FormAlert, SubmitButton, TextField } from '../shared/form-fields.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { NicknameField, UsernameField } from '../shared/name-fields.tsx';
import type { FieldNote } from '../shared/form-fields.tsx';
import { useAvailability } from '../shared/use-availability.ts';

type TextFieldName = 'email' | 'password' | 'password_confirmation' | 'nickname' | 'username';

/** The order in which fields appear, so the first one in trouble gets the focus. */
const FIELD_ORDER = ['email', 'password', 'password_confirmation', 'nickname', 'username', 'agree_terms', 'agree_privacy'];
const CHECK_MESSAGE = '입력한 내용을 다시 확인해 주세요.';
const AGREE_FIRST = '필수 약관에 모두 동의하면 가입할 수 있어요.';
const PASSWORDS_MATCH = '비밀번호가 일치합니다.';

export function RegisterForm() {
  const id = useId();
  const [values, setValues] = useState<Record<TextFieldName, string>>({
    email: '',
    password: '',
    password_confirmation: '',
    nickname: '',
    username: '',
  });
  const [agreements, setAgreements] = useState<AgreementState>({ terms: false, privacy: false, marketing: false });
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [errors, setErrors] = useState<ValidationErrors>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const email = useAvailability('email', values.email);
  const username = useAvailability('username', values.username);
  const nickname = useAvailability('nickname', values.nickname);

  const fieldId = (name: string) => `${id}-${name}`;
  const setValue = (name: TextFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // The server's word on a field no longer holds once it is edited.
    setErrors(({ [name]: _edited, ...rest }) => rest);
  };

  const confirmNote = ((): FieldNote | null => {
    const { password, password_confirmation: confirmation } = values;
    if (confirmation === '') return null;
    if (confirmation === password) return { tone: 'success', text: PASSWORDS_MATCH };
    return confirmTouched ? { tone: 'error', text: ACCOUNT_MESSAGES.passwordMismatch } : null;
  })();

  const agreed = agreements.terms && agreements.privacy;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !agreed) return;
    setBusy(true);
    setMessages([]);
    try {
      await api.post('/register', {
        ...values,
        email: values.email.trim(),
        nickname: values.nickname.trim(),
        username: values.username.trim(),
        agree_terms: agreements.terms,
        agree_privacy: agreements.privacy,
        agree_marketing: agreements.marketing,
      });
      window.location.assign('/verify-email');
    } catch (error) {
      setBusy(false);
      if (!isApiError(error) || error.status !== 422) {
        setErrors({});
        setMessages(failureMessages(error));
        return;
      }
      setErrors(error.errors);
      // Fields of their own show their messages in place; anything else is listed here.
      const others = Object.entries(error.errors)
        .filter(([field]) => !FIELD_ORDER.includes(field))
        .flatMap(([, list]) => list);
      setMessages([CHECK_MESSAGE, ...others]);
      const first = FIELD_ORDER.find((field) => error.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
    }
  };

  const checklistId = `${id}-rules`;
  const agreeHintId = `${id}-agree-hint`;
  return (
    <form className="form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        id={fieldId('email')}
        label="이메일"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={EMAIL_MAX}
        placeholder="example@email.com"
        value={values.email}
        onValue={setValue('email')}
        onBlur={email.onBlur}
        reserveNote
        note={errors.email ? null : email.note}
        errors={errors.email}
      />
      <TextField
        id={fieldId('password')}
        label="비밀번호"
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onValue={setValue('password')}
        errors={errors.password}
        extraDescribedBy={checklistId}
      >
        <PasswordChecklist id={checklistId} password={values.password} />
      </TextField>
      <TextField
        id={fieldId('password_confirmation')}
        label="비밀번호 확인"
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        onValue={setValue('password_confirmation')}
        onBlur={() => setConfirmTouched(true)}
        note={errors.password_confirmation ? null : confirmNote}
        errors={errors.password_confirmation}
      />
      <NicknameField
        id={fieldId('nickname')}
        value={values.nickname}
        onValue={setValue('nickname')}
        errors={errors.nickname}
        availability={nickname}
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
      {agreed ? null : (
        <p id={agreeHintId} className="form-hint auth-submit-hint">
          {AGREE_FIRST}
        </p>
      )}
      <SubmitButton
        label="가입하기"
        busyLabel="가입하는 중…"
        busy={busy}
        disabled={!agreed}
        describedById={agreed ? undefined : agreeHintId}
      />
      <FormAlert id={`${id}-alert`} messages={messages} />
    </form>
  );
}
