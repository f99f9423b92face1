import { Hono } from 'hono';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { invalidInput } from '../../domain-errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import type { BackgroundWork } from '../../jobs/background-work.ts';
import { resetPassword, sendPasswordResetLink } from './password-reset.ts';
import { forgotPasswordInput, resetPasswordInput } from './schema-reset.ts';

export const RESET_LINK_SENT = '입력하신 이메일로 비밀번호 재설정 링크를 보냈어요. 메일이 오지 않으면 주소를 다시 확인해 주세요.';
export const PASSWORD_RESET_DONE = '비밀번호가 재설정 되었습니다.';
const RESET_LINK_INVALID = '비밀번호 재설정 링크가 올바르지 않거나 만료되었습니다. 다시 요청해 주세요.';

export function passwordRoutes(db: Db, config: AppConfig, mailer: Mailer, background: BackgroundWork) {
  return new Hono<AppEnv>()
    .post('/forgot-password', async (c) => {
      const { email } = validateBody(c, forgotPasswordInput);
      await enforceRateLimit(db, c, { name: 'forgot-password', limit: 5, windowSeconds: 600 });
      await enforceRateLimit(db, c, { name: 'forgot-password-email', limit: 3, windowSeconds: 600 }, email.toLowerCase());
      // The same answer either way, and just as soon: the look-up, the token and the mail come after
      // it, so neither its words nor its timing tell who is a member.
      background.start(c.get('log'), 'password reset mail', () => sendPasswordResetLink(db, mailer, config.appUrl, email));
      return c.json({ status: RESET_LINK_SENT });
    })
    .post('/reset-password', async (c) => {
      const input = validateBody(c, resetPasswordInput);
      await enforceRateLimit(db, c, { name: 'reset-password', limit: 10, windowSeconds: 600 });
      const user = await resetPassword(db, { email: input.email, token: input.token, password: input.password });
      if (!user) throw invalidInput({ email: [RESET_LINK_INVALID] });
      c.get('log').info({ userId: user.id }, 'password reset');
      return c.json({ status: PASSWORD_RESET_DONE });
    });
}
