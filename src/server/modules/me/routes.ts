import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/context.ts';
import { validateBody } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import { signOut } from '../../http/session.ts';
import { confirmIdentity } from '../auth/reauthenticate.ts';
import { deletionPreviewResource, livePurchasesOf } from '../orders/live-purchases.ts';
import { accountDeletedMail } from './deletion-mail.ts';
import { profileResource } from './resource.ts';
import { accountDeletionInput, profileUpdateInput } from './schema.ts';
import { deleteAccount, inviteCodeOf, updateProfile } from './service.ts';

export function meRoutes({ db, config, storage, payments, mailer, background }: AppDeps) {
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
      const settled = await deleteAccount(db, { storage, payments }, user, reason);
      await signOut(c, db, config);
      const log = c.get('log');
      log.info({ userId: user.id, refunded_orders: settled.orders.filter((entry) => entry.refund).length }, 'account deleted');
      // `user` is the row as it was before the deletion erased its address.
      background.start(log, 'account deletion mail', () => mailer.send(accountDeletedMail(user.email, user.nickname, deletionPreviewResource(settled), config.appUrl)));
      return c.body(null, 204);
    })
    .get('/api/me/deletion-preview', async (c) => {
      const user = requireMember(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: deletionPreviewResource(await livePurchasesOf(db, user.id, new Date())) });
    })
    .get('/api/me/invite-code', async (c) => {
      const code = await inviteCodeOf(db, requireMember(c));
      return c.json({ data: { invite_code: code } });
    });
}
