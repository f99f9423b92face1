import { z } from 'zod';
import { acceptedField, flagField } from '../../http/flag-field.ts';
import {
  ACCOUNT_MESSAGES as M,
  EMAIL_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  NICKNAME_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  isReservedNickname,
  isReservedUsername,
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
      .refine((username) => !isReservedUsername(username), M.usernameReserved),
  );

export const nicknameField = z
  .string({ error: M.nicknameRequired })
  .trim()
  .min(1, M.nicknameRequired)
  .pipe(
    z
      .string()
      .min(NICKNAME_MIN, M.nicknameLength)
      .max(NICKNAME_MAX, M.nicknameLength)
      .regex(NICKNAME_PATTERN, M.nicknamePattern)
      .refine((nickname) => !isReservedNickname(nickname), M.nicknameReserved),
  );

export const newPasswordField = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .refine(passwordMeetsRules, M.passwordRules);

export const registerInput = z
  .object({
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: M.passwordMismatch }),
    nickname: nicknameField,
    username: usernameField,
    agree_terms: acceptedField(M.agreeTerms),
    agree_privacy: acceptedField(M.agreePrivacy),
    agree_marketing: flagField(),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: M.passwordMismatch,
    // Checked even when other fields fail, so the form lists every problem at once.
    when: ({ value }) => typeof (value as { password?: unknown }).password === 'string',
  });

/**
 * The conventions' `{username}`; the sign-up and profile forms also send `{nickname}` here, since
 * nicknames are unique among live members too and the spec names no other availability call.
 */
export const validateUsernameInput = z
  .object({ username: usernameField.optional(), nickname: nicknameField.optional() })
  .refine((input) => input.username !== undefined || input.nickname !== undefined, { path: ['username'], message: M.usernameRequired });
export const validateEmailInput = z.object({ email: emailField });
