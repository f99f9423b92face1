import { Hono } from 'hono';
import { ACCOUNT_MESSAGES as M } from '../../../lib/account-rules.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { validationError } from '../../http/errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { validateEmailInput, validateUsernameInput } from './schema.ts';
import { isEmailTaken, isUsernameTaken } from './service.ts';

// The sign-up form asks as a person types; the limit keeps anyone from listing who is a member.
const AVAILABILITY_RULE = { name: 'availability', limit: 60, windowSeconds: 60 };

export function userRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post('/api/user/validate-username', rateLimit(db, AVAILABILITY_RULE), async (c) => {
      const { username } = validateBody(c, validateUsernameInput);
      if (await isUsernameTaken(db, username)) throw validationError({ username: [M.usernameTaken] });
      return c.json({ data: { available: true } });
    })
    .post('/api/user/validate-email', rateLimit(db, AVAILABILITY_RULE), async (c) => {
      const { email } = validateBody(c, validateEmailInput);
      if (await isEmailTaken(db, email)) throw validationError({ email: [M.emailTaken] });
      return c.json({ data: { available: true } });
    });
}
