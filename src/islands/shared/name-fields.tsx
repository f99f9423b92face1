import { NICKNAME_MAX, NICKNAME_MIN, USERNAME_MAX, USERNAME_MIN } from '../../lib/account-rules.ts';
import { TextField } from './form-fields.tsx';
import type { FieldNote } from './form-fields.tsx';

interface NameFieldProps {
  id: string;
  value: string;
  onValue: (value: string) => void;
  errors?: readonly string[] | undefined;
  /** The live availability check's hooks (use-availability.ts). */
  availability: { note: FieldNote | null; onBlur: () => void };
}

/** The nickname as every form asks for it (sign-up, social sign-up, profile), checked live. */
export function NicknameField({ id, value, onValue, errors, availability }: NameFieldProps) {
  return (
    <TextField
      id={id}
      label="닉네임"
      type="text"
      name="nickname"
      autoComplete="nickname"
      maxLength={NICKNAME_MAX}
      hint={`${NICKNAME_MIN}~${NICKNAME_MAX}자, 한글·영문·숫자로 지어 주세요.`}
      value={value}
      onValue={onValue}
      onBlur={availability.onBlur}
      reserveNote
      note={errors && errors.length > 0 ? null : availability.note}
      errors={errors}
    />
  );
}

/** The username, with its live availability shown unless the server has said otherwise. */
export function UsernameField({ id, value, onValue, errors, availability }: NameFieldProps) {
  return (
    <TextField
      id={id}
      label="아이디"
      type="text"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={USERNAME_MAX}
      hint={`영문 소문자로 시작하는 ${USERNAME_MIN}~${USERNAME_MAX}자 (영문 소문자, 숫자, 마침표, 밑줄)`}
      value={value}
      onValue={onValue}
      onBlur={availability.onBlur}
      reserveNote
      note={errors && errors.length > 0 ? null : availability.note}
      errors={errors}
    />
  );
}
