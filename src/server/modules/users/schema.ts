import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  EMAIL_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  NICKNAME_PATTERN,
  RESERVED_USERNAMES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  passwordMeetsRules,
} from '../../../lib/account-rules.ts';

export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

export const usernameField = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, M.usernameLength)
      .max(USERNAME_MAX, M.usernameLength)
      .regex(USERNAME_PATTERN, M.usernamePattern)
      .refine((username) => !RESERVED_USERNAMES.has(username), M.usernameReserved),
  );

export const nicknameField = z
  .string({ error: M.nicknameRequired })
  .trim()
  .min(1, M.nicknameRequired)
  .pipe(
    z.string().min(NICKNAME_MIN, M.nicknameLength).max(NICKNAME_MAX, M.nicknameLength).regex(NICKNAME_PATTERN, M.nicknamePattern),
  );

export const newPasswordField = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .refine(passwordMeetsRules, M.passwordRules);

/** Accepted checkboxes: true, "1", "on", "true", "yes". */
const accepted = (message: string) =>
  z.union([z.boolean(), z.string()], { error: message }).refine((v) => v === true || ['1', 'on', 'true', 'yes'].includes(String(v)), message);

const optionalFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || ['1', 'on', 'true', 'yes'].includes(String(v)));

export const registerInput = z
  .object({
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: M.passwordMismatch }),
    nickname: nicknameField,
    username: usernameField,
    agree_terms: accepted(M.agreeTerms),
    agree_privacy: accepted(M.agreePrivacy),
    agree_marketing: optionalFlag,
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: M.passwordMismatch,
    // Checked even when other fields fail, so the form lists every problem at once.
    when: ({ value }) => typeof (value as { password?: unknown }).password === 'string',
  });

export const validateUsernameInput = z.object({ username: usernameField });
export const validateEmailInput = z.object({ email: emailField });
