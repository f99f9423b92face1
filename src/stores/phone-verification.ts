import { atom, map } from 'nanostores';
import { isApiError } from '../lib/api-errors.ts';
import type { ValidationErrors } from '../lib/api-errors.ts';
import { savePhone, sendPhoneCode, verifyPhoneCode } from '../lib/api/phone.ts';

export interface VerifiedPhone {
  /** Masked by the server, e.g. 010-****-5678. */
  phone: string;
  countryCode: string;
}

/** The code sent for one number: when it stops working, when another may be asked for. */
export interface SentCode {
  phone: string;
  countryCode: string;
  expiresAt: number;
  resendAt: number;
  /** The code was accepted but saving the number failed: 확인 then only saves. */
  verified: boolean;
}

export const DEFAULT_COUNTRY = '82';

const SENT = '인증번호를 보냈어요. 문자로 받은 번호를 입력해 주세요.';
const RESENT = '인증번호를 다시 보냈어요. 가장 최근에 받은 번호를 입력해 주세요.';
const DONE = '휴대폰 인증이 완료되었어요.';

/**
 * A refusal as the form shows it: a 422's messages about the form's own fields go under them, those
 * about other fields are listed; anything else (a 429 with its wait) is kept as the failure.
 */
function refusalOf(error: unknown, own: readonly string[]): { errors: ValidationErrors; others: string[]; failure: unknown } {
  const errors = isApiError(error) && error.status === 422 ? error.errors : {};
  if (Object.keys(errors).length === 0) return { errors, others: [], failure: error };
  const others = Object.entries(errors).flatMap(([field, list]) => (own.includes(field) ? [] : list));
  return { errors, others, failure: undefined };
}

/**
 * /mypage/phone: number → code by text → verify → save. Each step's refusal is kept by field
 * (`numberErrors`, `codeErrors`), the other fields' messages (`numberOthers`, `codeOthers`), or as
 * the failure itself for the island to word. `send` and `verify` resolve with the refusal's field
 * errors, for the island to move the focus.
 */
export function createPhoneVerification(current: VerifiedPhone | null, codeLength: number, now: () => number = Date.now) {
  const $verified = atom(current);
  const $sent = atom<SentCode | null>(null);
  const $fields = map({ countryCode: DEFAULT_COUNTRY, phone: '', code: '' });
  const $state = map({
    sending: false,
    checking: false,
    status: null as string | null,
    numberErrors: {} as ValidationErrors,
    numberOthers: [] as string[],
    numberFailure: undefined as unknown,
    codeErrors: [] as string[],
    codeOthers: [] as string[],
    codeFailure: undefined as unknown,
  });

  // A code belongs to the number it was sent to: another number starts over.
  const changeNumber = (next: { phone?: string; countryCode?: string }): void => {
    if (next.phone !== undefined) $fields.setKey('phone', next.phone);
    if (next.countryCode !== undefined) $fields.setKey('countryCode', next.countryCode);
    $state.setKey('numberErrors', {});
    if ($sent.get()) {
      $sent.set(null);
      $fields.setKey('code', '');
      $state.set({ ...$state.get(), codeErrors: [], codeOthers: [], codeFailure: undefined, status: null });
    }
  };

  // Digits only: a pasted "123 456" or "인증번호 [123456]" still fits.
  const typeCode = (value: string): void => {
    $fields.setKey('code', value.replace(/\D/g, '').slice(0, codeLength));
    $state.setKey('codeErrors', []);
  };

  const send = async (): Promise<ValidationErrors> => {
    const sent = $sent.get();
    if ($state.get().sending || (sent && now() < sent.resendAt)) return {};
    const { phone, countryCode } = $fields.get();
    $state.set({ ...$state.get(), sending: true, numberOthers: [], numberFailure: undefined, codeOthers: [], codeFailure: undefined });
    try {
      const data = await sendPhoneCode({ phone: phone.trim(), country_code: countryCode });
      const at = now();
      $state.set({ ...$state.get(), status: sent ? RESENT : SENT, numberErrors: {}, codeErrors: [] });
      $sent.set({ phone: phone.trim(), countryCode, expiresAt: at + data.expires_in * 1000, resendAt: at + data.resend_after * 1000, verified: false });
      $fields.setKey('code', '');
      return {};
    } catch (error) {
      const { errors, others, failure } = refusalOf(error, ['phone', 'country_code']);
      $state.set({ ...$state.get(), numberErrors: errors, numberOthers: others, numberFailure: failure });
      return errors;
    } finally {
      $state.setKey('sending', false);
    }
  };

  const verify = async (): Promise<ValidationErrors> => {
    const sent = $sent.get();
    if (!sent || $state.get().checking || now() >= sent.expiresAt) return {};
    $state.set({ ...$state.get(), checking: true, codeOthers: [], codeFailure: undefined, status: null });
    const number = { phone: sent.phone, country_code: sent.countryCode };
    try {
      if (!sent.verified) {
        await verifyPhoneCode({ ...number, verification_code: $fields.get().code });
        $sent.set({ ...sent, verified: true });
      }
      const data = await savePhone(number);
      $verified.set({ phone: data.phone, countryCode: data.country_code });
      $sent.set(null);
      $fields.set({ ...$fields.get(), phone: '', code: '' });
      $state.set({ ...$state.get(), codeErrors: [], status: DONE });
      return {};
    } catch (error) {
      const { errors, others, failure } = refusalOf(error, ['verification_code']);
      $state.set({ ...$state.get(), codeErrors: errors.verification_code ?? [], codeOthers: others, codeFailure: failure });
      return errors;
    } finally {
      $state.setKey('checking', false);
    }
  };

  return { $verified, $sent, $fields, $state, changeNumber, typeCode, send, verify };
}
