import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../../../lib/account-rules.ts';
import { emailField, newPasswordField } from '../users/schema.ts';

export const forgotPasswordInput = z.object({ email: emailField });

export const resetPasswordInput = z
  .object({
    token: z.string({ error: '재설정 링크가 올바르지 않습니다.' }).min(1, '재설정 링크가 올바르지 않습니다.').max(200),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: M.passwordMismatch }),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: M.passwordMismatch,
    // Checked even when other fields fail, so the form lists every problem at once.
    when: ({ value }) => typeof (value as { password?: unknown }).password === 'string',
  });
