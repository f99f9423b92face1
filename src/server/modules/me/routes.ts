import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import { signOut } from '../../http/session.ts';
import { confirmIdentity } from '../auth/reauthenticate.ts';
import { profileResource } from './resource.ts';
import { accountDeletionInput, profileUpdateInput } from './schema.ts';
import { deleteAccount, inviteCodeOf, updateProfile } from './service.ts';

export function meRoutes(db: Db, config: AppConfig, storage: FileStorage) {
  return new Hono<AppEnv>()
    .get('/api/me', (c) => c.json({ data: profileResource(requireMember(c)) }))
    .put('/api/me', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, profileUpdateInput);
      const updated = await updateProfile(db, storage, user, {
        nickname: input.nickname,
        username: input.username,
        introduction: input.introduction,
        image: input.profile_image?.[0],
      });
      return c.json({ data: profileResource(updated) });
    })
    .delete('/api/me', async (c) => {
      const user = requireMember(c);
      const { reason, password } = validateBody(c, accountDeletionInput);
      await confirmIdentity(db, user, c.get('session')!, password);
      await deleteAccount(db, storage, user, reason);
      await signOut(c, db, config);
      c.get('log').info({ userId: user.id }, 'account deleted');
      return c.body(null, 204);
    })
    .get('/api/me/invite-code', async (c) => {
      const code = await inviteCodeOf(db, requireMember(c));
      return c.json({ data: { invite_code: code } });
    });
}
