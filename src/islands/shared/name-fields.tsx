import { NICKNAME_MAX, NICKNAME_MIN, USERNAME_MAX, USERNAME_MIN } from '../../lib/account-rules.ts';
import { TextField } from './form-fields.tsx';
import { useAvailability } from './use-availability.ts';
import type { FieldWiring } from './use-form.ts';

type NameKind = 'nickname' | 'username';

const NAMES = {
  nickname: {
    label: '닉네임',
    maxLength: NICKNAME_MAX,
    hint: `${NICKNAME_MIN}~${NICKNAME_MAX}자, 한글·영문·숫자로 지어 주세요.`,
    input: { autoComplete: 'nickname' },
  },
  username: {
    label: '아이디',
    maxLength: USERNAME_MAX,
    hint: `영문 소문자로 시작하는 ${USERNAME_MIN}~${USERNAME_MAX}자 (영문 소문자, 숫자, 마침표, 밑줄)`,
    input: { autoComplete: 'username', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
  },
} as const;

interface NameFieldsProps {
  /** The form's wiring of each name (useForm's `field`). */
  field: (name: NameKind) => FieldWiring;
  /** The member's names as saved: theirs already, so only other names are checked. */
  saved?: Record<NameKind, string>;
}

/**
 * The nickname and the username as every form asks for them (sign-up, social sign-up, profile),
 * each checked live unless the server has said otherwise.
 */
export function NameFields({ field, saved }: NameFieldsProps) {
  const asked = (kind: NameKind): string => {
    const { value } = field(kind);
    return saved && value.trim() === saved[kind] ? '' : value;
  };
  const availability = { nickname: useAvailability('nickname', asked('nickname')), username: useAvailability('username', asked('username')) };
  return (['nickname', 'username'] as const).map((kind) => {
    const { input, ...shown } = NAMES[kind];
    const wiring = field(kind);
    return (
      <TextField
        key={kind}
        type="text"
        {...shown}
        {...input}
        {...wiring}
        onBlur={availability[kind].onBlur}
        reserveNote
        note={wiring.errors ? null : availability[kind].note}
      />
    );
  });
}
