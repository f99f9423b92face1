import { Hono } from 'hono';
import { ACCOUNT_MESSAGES as M } from '../../../lib/account-rules.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { publicUserResource } from './resource.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { idParam } from '../../http/route-id.ts';
import { validateEmailInput, validateUsernameInput } from './schema.ts';
import { assertNamesFree, findUser, isEmailTaken } from './service.ts';

// The sign-up form asks as a person types; the limit keeps anyone from listing who is a member.
const AVAILABILITY_RULE = { name: 'availability', limit: 60, windowSeconds: 60 };

export function userRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/users/:id', async (c) => {
      const id = idParam(c, 'id', '회원을 찾을 수 없습니다.');
      const user = await findUser(db, id);
      if (!user) throw notFound('회원을 찾을 수 없습니다.');
      if (user.deletedAt) throw notFound('탈퇴한 회원입니다.');
      return c.json({ data: publicUserResource(user) });
    })
    .post('/api/user/validate-username', rateLimit(db, AVAILABILITY_RULE), async (c) => {
      const names = validateBody(c, validateUsernameInput);
      // A signed-in member renaming themself may keep the names they already have.
      await assertNamesFree(db, names, currentUser(c)?.id);
      return c.json({ data: { available: true } });
    })
    .post('/api/user/validate-email', rateLimit(db, AVAILABILITY_RULE), async (c) => {
      const { email } = validateBody(c, validateEmailInput);
      if (await isEmailTaken(db, email)) throw invalidInput({ email: [M.emailTaken] });
      return c.json({ data: { available: true } });
    });
}
