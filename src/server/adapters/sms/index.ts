import type { Env } from '../../env.ts';
import { createOutboxSmsSender } from './outbox-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { SmsUnavailableError } from './sms-sender.ts';

export type { SmsCodeMessage, SmsSender } from './sms-sender.ts';
export { SmsUnavailableError } from './sms-sender.ts';
export type { SmsOutboxMessage } from './outbox-sms-sender.ts';
export { readSmsOutbox } from './outbox-sms-sender.ts';

/**
 * What picking and building a sender needs, separate from `env` so a test can pass its own.
 * `none` is production until a real provider is added: env.ts refuses the outbox there.
 */
export type SmsSettings = { provider: 'outbox'; outboxDir: string } | { provider: 'none' };

export function smsSettingsFromEnv(env: Env): SmsSettings {
  if (env.SMS_PROVIDER === 'outbox') return { provider: 'outbox', outboxDir: env.SMS_OUTBOX_DIR };
  return { provider: 'none' };
}

export function createSmsSender(settings: SmsSettings): SmsSender {
  switch (settings.provider) {
    case 'outbox':
      return createOutboxSmsSender(settings.outboxDir);
    case 'none':
      return {
        sendCode: () => Promise.reject(new SmsUnavailableError()),
      };
  }
}
