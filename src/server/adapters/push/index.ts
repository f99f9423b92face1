import type { Env } from '../../env.ts';
import { createOutboxPushSender } from './outbox-push-sender.ts';
import type { PushSender } from './push-sender.ts';
import { PushUnavailableError } from './push-sender.ts';
import { vapidKeysFromAppKey, vapidPublicKeyOf } from './vapid-keys.ts';
import type { VapidKeys } from './vapid-keys.ts';
import { createWebPushSender } from './web-push-sender.ts';
import type { WebPushSettings } from './web-push-sender.ts';

export type { PushMessage, PushOutcome, PushSender, PushTarget } from './push-sender.ts';
export { PushUnavailableError } from './push-sender.ts';
export type { PushOutboxMessage } from './outbox-push-sender.ts';
export { readPushOutbox } from './outbox-push-sender.ts';
export type { VapidKeys } from './vapid-keys.ts';
export { WebPushSendError } from './web-push-sender.ts';

/**
 * What picking and building a sender needs, separate from `env` so a test can pass its own.
 * `none` is production without PUSH_PROVIDER: nothing is pushed and the public key answers 503.
 */
export type PushSettings =
  | { provider: 'outbox'; outboxDir: string; publicKey: string }
  | ({ provider: 'webpush' } & WebPushSettings)
  | { provider: 'none' };

/** The configured pair, or outside production the one that follows from the app key. */
function vapidKeysOf(env: Env): VapidKeys {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (publicKey && privateKey) {
    // A pair that does not match would sign pushes no browser's subscription accepts: stop at start.
    if (vapidPublicKeyOf(privateKey) !== publicKey) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    return { publicKey, privateKey };
  }
  // env.ts refuses webpush without both keys in production; this only tells the types so.
  if (env.isProduction) throw new Error('PUSH_PROVIDER=webpush needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in production');
  return vapidKeysFromAppKey(env.APP_KEY);
}

export function pushSettingsFromEnv(env: Env): PushSettings {
  if (env.PUSH_PROVIDER === 'outbox') return { provider: 'outbox', outboxDir: env.PUSH_OUTBOX_DIR, publicKey: vapidKeysOf(env).publicKey };
  if (env.PUSH_PROVIDER === 'webpush') return { provider: 'webpush', subject: env.VAPID_SUBJECT, ...vapidKeysOf(env) };
  return { provider: 'none' };
}

export function createPushSender(settings: PushSettings): PushSender {
  switch (settings.provider) {
    case 'outbox':
      return createOutboxPushSender(settings.outboxDir, settings.publicKey);
    case 'webpush':
      return createWebPushSender(settings);
    case 'none':
      return { publicKey: null, send: () => Promise.reject(new PushUnavailableError()) };
  }
}
