import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../../../lib/account-rules.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { currentUser, validateBody } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { unauthenticated } from '../../http/errors.ts';
import { currentUserResource } from '../users/resource.ts';
import { acceptedField, flagField } from '../../http/flag-field.ts';
import { nicknameField, usernameField } from '../users/schema.ts';
import { assertNamesFree, rethrowNameConflict } from '../users/service.ts';

export const registerWithSnsInput = z.object({
  nickname: nicknameField,
  username: usernameField,
  agree_terms: acceptedField(M.agreeTerms),
  agree_privacy: acceptedField(M.agreePrivacy),
  agree_marketing: flagField(),
});

/** A social member picks their names and agrees to the terms before using the service. */
export function registerWithSnsRoutes(db: Db) {
  return new Hono<AppEnv>().post('/api/register-with-sns', async (c) => {
    const user = currentUser(c);
    if (!user) throw unauthenticated();
    const body = validateBody(c, registerWithSnsInput);
    await assertNamesFree(db, body, user.id);
    const now = new Date();
    const [updated] = await db
      .update(users)
      .set({
        nickname: body.nickname,
        username: body.username,
        agreedTermsAt: user.agreedTermsAt ?? now,
        agreedPrivacyAt: user.agreedPrivacyAt ?? now,
        agreedMarketingAt: body.agree_marketing ? (user.agreedMarketingAt ?? now) : null,
      })
      .where(eq(users.id, user.id))
      .returning()
      .catch(rethrowNameConflict);
    return c.json({ data: currentUserResource(updated!) });
  });
}
