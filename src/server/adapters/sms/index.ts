import type { Env } from '../../env.ts';
import { createOutboxSmsSender } from './outbox-sms-sender.ts';
import type { SolapiSettings } from './solapi-sms-sender.ts';
import { createSolapiSmsSender } from './solapi-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { SmsUnavailableError } from './sms-sender.ts';

export type { SmsCodeMessage, SmsSender } from './sms-sender.ts';
export { SmsUnavailableError } from './sms-sender.ts';
export type { SmsOutboxMessage } from './outbox-sms-sender.ts';
export { readSmsOutbox } from './outbox-sms-sender.ts';
export type { SolapiSettings } from './solapi-sms-sender.ts';
export { SolapiError } from './solapi-sms-sender.ts';

/**
 * What picking and building a sender needs, separate from `env` so a test can pass its own.
 * `none` is production without SMS_PROVIDER (no SMS contract yet): phone verification answers 503.
 */
export type SmsSettings =
  | { provider: 'outbox'; outboxDir: string }
  | ({ provider: 'solapi' } & SolapiSettings)
  | { provider: 'none' };

export function smsSettingsFromEnv(env: Env): SmsSettings {
  if (env.SMS_PROVIDER === 'outbox') return { provider: 'outbox', outboxDir: env.SMS_OUTBOX_DIR };
  if (env.SMS_PROVIDER === 'solapi') {
    const { SOLAPI_API_KEY: apiKey, SOLAPI_API_SECRET: apiSecret, SOLAPI_SENDER: sender } = env;
    // env.ts already refuses solapi without these three; this only tells the types so.
    if (!apiKey || !apiSecret || !sender) {
      throw new Error('SMS_PROVIDER=solapi needs SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER');
    }
    return { provider: 'solapi', baseUrl: env.SOLAPI_BASE_URL, apiKey, apiSecret, sender };
  }
  return { provider: 'none' };
}

export function createSmsSender(settings: SmsSettings): SmsSender {
  switch (settings.provider) {
    case 'outbox':
      return createOutboxSmsSender(settings.outboxDir);
    case 'solapi':
      return createSolapiSmsSender(settings);
    case 'none':
      return {
        sendCode: () => Promise.reject(new SmsUnavailableError()),
      };
  }
}
