import { Hono } from 'hono';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { conflict, unauthenticated, validationError } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { signIn, signOut } from '../../http/session.ts';
import { clearRateLimit } from '../rate-limits/service.ts';
import { currentUserResource } from '../users/resource.ts';
import { loginInput } from './schema.ts';
import { findMemberByCredentials } from './service.ts';

const LOGIN_RULE = { name: 'login', limit: 5, windowSeconds: 60 };

export function authRoutes(db: Db, config: AppConfig) {
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = validateBody(c, loginInput);
      // Five tries a minute for one e-mail from one address, as Laravel's throttle does.
      const key = `${input.email.toLowerCase()}|${c.get('clientIp')}`;
      await enforceRateLimit(db, c, LOGIN_RULE, key);
      const user = await findMemberByCredentials(db, input.email, input.password);
      if (!user) throw validationError({ email: ['이메일 또는 비밀번호가 올바르지 않습니다.'] });
      await clearRateLimit(db, `${LOGIN_RULE.name}:${key}`);
      await signIn(c, db, config, user.id, input.remember);
      c.get('log').info({ userId: user.id }, 'signed in');
      return c.json({ data: currentUserResource(user) });
    })
    .post('/logout', async (c) => {
      await signOut(c, db, config);
      return c.body(null, 204);
    })
    .get('/api/user', (c) => {
      const user = currentUser(c);
      if (!user) throw unauthenticated();
      if (!user.emailVerifiedAt) throw conflict('이메일 인증이 필요합니다.');
      return c.json({ data: currentUserResource(user) });
    });
}
