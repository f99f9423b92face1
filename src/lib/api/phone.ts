import type { z } from 'zod';
import type { phoneInput, verifyCodeInput } from '../../server/modules/phone/schema.ts';
import type { Answer } from './body.ts';
import { clientFor } from './clients.ts';

/** The number as the form sends it, before the server normalises it. */
export type PhoneNumberInput = z.input<typeof phoneInput>;
export type PhoneCodeInput = z.input<typeof verifyCodeInput>;
/** Seconds until the code stops working, and until another may be asked for. */
export interface SentCodeAnswer {
  expires_in: number;
  resend_after: number;
}
/** `phone` is masked by the server, e.g. 010-****-5678. */
export interface SavedPhone {
  phone: string;
  country_code: string;
  phone_verified_at: string;
}

export async function sendPhoneCode(number: PhoneNumberInput): Promise<SentCodeAnswer> {
  const { data } = await clientFor().post<Answer<SentCodeAnswer>>('/api/phone-verification/send-code', { ...number });
  return data;
}

export const verifyPhoneCode = (input: PhoneCodeInput): Promise<unknown> => clientFor().post('/api/phone-verification/verify-code', { ...input });

/** The verified number becomes the member's. */
export async function savePhone(number: PhoneNumberInput): Promise<SavedPhone> {
  const { data } = await clientFor().put<Answer<SavedPhone>>('/api/me/phone', { ...number });
  return data;
}
