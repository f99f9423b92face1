import { z } from 'zod';

/** The rules and messages of phone verification; pure, so a form could share them. */

export const CODE_LENGTH = 6;
export const MAX_ATTEMPTS = 5;
const CODE_PATTERN = /^\d{6}$/;

export const PHONE_MESSAGES = {
  phoneRequired: '휴대폰 번호를 입력해 주세요.',
  phoneInvalid: '올바른 휴대폰 번호를 입력해 주세요.',
  countryCodeRequired: '국가 번호를 선택해 주세요.',
  countryCodeInvalid: '올바른 국가 번호를 선택해 주세요.',
  codeRequired: '인증번호를 입력해 주세요.',
  codeFormat: `인증번호 ${CODE_LENGTH}자리 숫자를 입력해 주세요.`,
  codeNotSent: '인증번호를 먼저 받아 주세요.',
  codeMismatch: (attempts: number) => `인증번호가 일치하지 않아요. (${attempts}/${MAX_ATTEMPTS})`,
  codeExpired: '인증번호가 만료되었어요. 다시 받아 주세요.',
  tooManyAttempts: '인증 시도 횟수를 초과했어요. 인증번호를 다시 받아 주세요.',
  notVerified: '휴대폰 번호 인증을 먼저 완료해 주세요.',
  unavailable: '지금은 휴대폰 인증을 이용할 수 없어요. 잠시 후 다시 시도해 주세요.',
} as const;

const M = PHONE_MESSAGES;

export const KOREA = '82';
/** A Korean mobile number in national form: 010, 011, 016, 017, 018 or 019, then 7 or 8 digits. */
const KOREAN_MOBILE = /^01[016789]\d{7,8}$/;
const INTERNATIONAL = /^\d{6,15}$/;

/**
 * The number as digits, or null when it is not a mobile number of that country. Spaces, hyphens,
 * dots and brackets are dropped; a Korean number written internationally (`10-1234-5678`)
 * gets its leading 0 back.
 */
export function normalizePhone(phone: string, countryCode: string): string | null {
  const digits = phone.replace(/[\s\-.()]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (countryCode !== KOREA) return INTERNATIONAL.test(digits) ? digits : null;
  const national = digits.startsWith('1') ? `0${digits}` : digits;
  return KOREAN_MOBILE.test(national) ? national : null;
}

/** `010-****-5678` for a Korean mobile number; elsewhere every digit but the last four hidden. */
export function maskPhone(phone: string, countryCode: string): string {
  const korean = countryCode === KOREA ? /^(01\d)(\d{3,4})(\d{4})$/.exec(phone) : null;
  if (korean) return `${korean[1]}-${'*'.repeat(korean[2]!.length)}-${korean[3]}`;
  return `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

// A client may send the calling code or the number as a JSON number (82) or as text ("82", "+82").
const text = (required: string) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, required));

const countryCodeField = text(M.countryCodeRequired)
  .pipe(z.string().regex(/^\+?[1-9]\d{0,2}$/, M.countryCodeInvalid))
  .transform((value) => value.replace(/^\+/, ''));

const phoneFields = z.object({
  phone: text(M.phoneRequired),
  country_code: countryCodeField,
});

const numberIsValid = (input: { phone: string; country_code: string }) => normalizePhone(input.phone, input.country_code) !== null;
const numberRule = {
  path: ['phone'],
  message: M.phoneInvalid,
  // Checked even when another field fails, so the form lists every problem at once.
  when: ({ value }: { value: unknown }) => phoneFields.safeParse(value).success,
};
const toNumber = (input: { phone: string; country_code: string }) => ({
  phone: normalizePhone(input.phone, input.country_code)!,
  countryCode: input.country_code,
});

/** `{phone, country_code}` in, `{phone, countryCode}` out, both digits only. */
export const phoneInput = phoneFields.refine(numberIsValid, numberRule).transform(toNumber);

export const verifyCodeInput = phoneFields
  .extend({
    verification_code: text(M.codeRequired).pipe(z.string().regex(CODE_PATTERN, M.codeFormat)),
  })
  .refine(numberIsValid, numberRule)
  .transform((input) => ({ ...toNumber(input), code: input.verification_code }));
