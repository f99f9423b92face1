import type { loginInput } from '../../server/modules/auth/schema.ts';
import type { forgotPasswordInput, resetPasswordInput } from '../../server/modules/auth/schema-reset.ts';
import type { validateEmailInput, validateUsernameInput } from '../../server/modules/users/schema.ts';
import type { Body } from './body.ts';
import { clientFor } from './clients.ts';

/** The sign-up forms' fields and agreements, as the form holds them (the schema reads form text). */
export type SignUpFields = Record<string, string | boolean>;

// A suspended account's 403 says why and until when: shown by the form, not as an alert.
export const signIn = (input: Body<typeof loginInput>): Promise<unknown> => clientFor().post('/login', { ...input }, { handles: [403] });
export const signOut = (): Promise<unknown> => clientFor().post('/logout');

/** With an e-mail and a password; the member then confirms the address. */
export const register = (fields: SignUpFields): Promise<unknown> => clientFor().post('/register', fields);
/** The account a social sign-in started, completed with the member's own names. */
export const registerWithSns = (fields: SignUpFields): Promise<unknown> => clientFor().post('/api/register-with-sns', fields);

/** `status` is what the page shows; the same whether or not the address has an account. */
export const askPasswordReset = (input: Body<typeof forgotPasswordInput>): Promise<{ status?: string }> =>
  clientFor().post<{ status?: string }>('/forgot-password', { ...input });

export const resetPassword = (input: Body<typeof resetPasswordInput>): Promise<unknown> => clientFor().post('/reset-password', { ...input });

export const resendVerification = (): Promise<{ status?: string }> => clientFor().post<{ status?: string }>('/email/verification-notification');

/** Refused with 422 and the reason when taken or not allowed. Nicknames are checked on the username call. */
export const checkUsername = (input: Partial<Body<typeof validateUsernameInput>>): Promise<unknown> => clientFor().post('/api/user/validate-username', input);
export const checkEmail = (input: Body<typeof validateEmailInput>): Promise<unknown> => clientFor().post('/api/user/validate-email', { ...input });
