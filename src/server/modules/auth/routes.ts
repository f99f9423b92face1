import { Hono } from 'hono';
import type { AppConfig } from '../../config.ts';
import type { User } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { beginAttempt } from '../../http/attempt-limit.ts';
import { currentUser, validateBody } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { unauthenticated } from '../../http/errors.ts';
import { conflict, invalidInput } from '../../domain-errors.ts';
import { dropDeadTokens, recognizeDevice, rememberDevice } from '../../http/known-device.ts';
import { signIn, signOut } from '../../http/session.ts';
import { currentUserResource } from '../users/resource.ts';
import { LOGIN_MESSAGES, loginInput } from './schema.ts';
import { isSuspended, SuspendedAccountError } from '../users/suspension.ts';
import { findMemberByCredentials } from './service.ts';

/**
 * Wrong passwords counted three ways: one e-mail from one address (Laravel's throttle), one address
 * across e-mails (one machine trying many accounts), and one account from browsers it never signed
 * in on (many machines trying one account). Right passwords are given back.
 */
const LOGIN_RULES = {
  pair: { name: 'login', limit: 5, windowSeconds: 60 },
  address: { name: 'login-address', limit: 30, windowSeconds: 600 },
  account: { name: 'login-account', limit: 10, windowSeconds: 900 },
} as const;

/** The member these credentials sign in, or the refusal: wrong password, too many guesses, suspended. */
async function checkSignIn(c: AppContext, db: Db, email: string, password: string, knownDevice: boolean): Promise<User> {
  const address = c.get('clientIp');
  const attempt = await beginAttempt(db, [
    { rule: LOGIN_RULES.pair, key: `${email}|${address}` },
    { rule: LOGIN_RULES.address, key: address },
    ...(knownDevice ? [] : [{ rule: LOGIN_RULES.account, key: email, message: LOGIN_MESSAGES.accountCoolingDown }]),
  ]);
  const user = await findMemberByCredentials(db, email, password);
  if (!user) throw invalidInput({ email: [LOGIN_MESSAGES.wrongCredentials] });
  await attempt.succeeded();
  // Only told once the password is right: a stranger learns nothing of the account.
  if (isSuspended(user)) throw new SuspendedAccountError(user);
  return user;
}

export function authRoutes(db: Db, config: AppConfig) {
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = validateBody(c, loginInput);
      const email = input.email.toLowerCase();
      const device = await recognizeDevice(c, db, email);
      const user = await checkSignIn(c, db, email, input.password, device.known).catch((error: unknown) => {
        dropDeadTokens(c, config, device);
        throw error;
      });
      await rememberDevice(c, db, config, user.id, device);
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
