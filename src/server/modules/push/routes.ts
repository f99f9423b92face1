import { Hono } from 'hono';
import type { PushSender } from '../../adapters/push/index.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RateLimitRule } from '../../http/rate-limit.ts';
import { requireMember } from '../../http/visitor.ts';
import { notificationSettingsResource } from './resource.ts';
import { PUSH_MESSAGES, notificationSettingsInput, pushSubscriptionInput, pushUnsubscribeInput } from './schema.ts';
import { deletePushSubscription, readNotificationSettings, savePushSubscription, updateNotificationSettings } from './service.ts';

// A browser subscribes once per load at most; a settings page saves on each toggle. Far above
// either, far below a loop filling the table.
const memberKey = (c: AppContext) => String(c.get('user')?.id ?? c.get('clientIp'));
const SUBSCRIPTION_WRITES: RateLimitRule = { name: 'push-subscriptions', limit: 60, windowSeconds: 3600, key: memberKey };
const SETTINGS_WRITES: RateLimitRule = { name: 'notification-settings', limit: 120, windowSeconds: 3600, key: memberKey };

/** Push subscriptions and the member's notification settings (API-CONVENTIONS.md, "Reminders and push"). */
export function pushRoutes(db: Db, config: AppConfig, push: PushSender | undefined) {
  // A push service on this machine (tests, local development) speaks plain HTTP on loopback.
  const subscriptionInput = pushSubscriptionInput(!config.isProduction);
  return new Hono<AppEnv>()
    .get('/api/push/public-key', (c) => {
      const publicKey = push?.publicKey ?? null;
      if (publicKey === null) throw serviceUnavailable(PUSH_MESSAGES.unavailable);
      // The key changes only with the configuration; a day in caches is harmless.
      c.header('Cache-Control', 'public, max-age=86400');
      return c.json({ data: { public_key: publicKey } });
    })
    .post('/api/push-subscriptions', rateLimit(db, SUBSCRIPTION_WRITES), async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, subscriptionInput);
      const { created } = await savePushSubscription(db, user.id, input);
      return c.json({ data: { endpoint: input.endpoint } }, created ? 201 : 200);
    })
    .delete('/api/push-subscriptions', rateLimit(db, SUBSCRIPTION_WRITES), async (c) => {
      const user = requireMember(c);
      const { endpoint } = validateBody(c, pushUnsubscribeInput);
      await deletePushSubscription(db, user.id, endpoint);
      return c.body(null, 204);
    })
    .get('/api/me/notification-settings', async (c) => {
      const user = requireMember(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: notificationSettingsResource(await readNotificationSettings(db, user.id)) });
    })
    .put('/api/me/notification-settings', rateLimit(db, SETTINGS_WRITES), async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, notificationSettingsInput);
      return c.json({ data: notificationSettingsResource(await updateNotificationSettings(db, user.id, input)) });
    });
}
