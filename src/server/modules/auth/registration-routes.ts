import { Hono } from 'hono';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { unauthenticated } from '../../http/errors.ts';
import { enforceRateLimit, rateLimit } from '../../http/rate-limit.ts';
import { signIn } from '../../http/session.ts';
import { currentUserResource } from '../users/resource.ts';
import { registerInput } from '../users/schema.ts';
import { registerMember } from '../users/service.ts';
import { sendVerificationMail, verifyEmail } from './verification.ts';

export function registrationRoutes(db: Db, config: AppConfig, mailer: Mailer) {
  return new Hono<AppEnv>()
    .post('/register', rateLimit(db, { name: 'register', limit: 10, windowSeconds: 3600 }), async (c) => {
      const input = validateBody(c, registerInput);
      const user = await registerMember(db, {
        email: input.email,
        password: input.password,
        nickname: input.nickname,
        username: input.username,
        agreeMarketing: input.agree_marketing,
      });
      await signIn(c, db, config, user.id, false);
      await sendVerificationMail(mailer, config, user);
      c.get('log').info({ userId: user.id }, 'member registered');
      return c.json({ data: currentUserResource(user) }, 201);
    })
    .get('/email/verify/:id/:hash', async (c) => {
      const result = await verifyEmail(db, config, new URL(c.req.url), c.req.param());
      const target = result === 'verified' || result === 'already-verified' ? '?verified=1' : `?error=${result}`;
      return c.redirect(`/verify-email${target}`, 302);
    })
    .post('/email/verification-notification', async (c) => {
      const user = currentUser(c);
      if (!user) throw unauthenticated();
      if (user.emailVerifiedAt) return c.json({ status: 'already-verified' });
      // One mail a minute per member: enough for "I did not get it", too little to flood an inbox.
      await enforceRateLimit(db, c, { name: 'verification-mail', limit: 1, windowSeconds: 60 }, String(user.id));
      await sendVerificationMail(mailer, config, user);
      return c.json({ status: 'verification-link-sent' }, 202);
    });
}
