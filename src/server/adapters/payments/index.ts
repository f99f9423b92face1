import type { Env } from '../../env.ts';
import type { PaymentGateway } from './gateway.ts';
import { PaymentUnavailableError } from './gateway.ts';
import { createTestPaymentGateway } from './test-gateway.ts';
import type { TossSettings } from './toss-gateway.ts';
import { createTossGateway } from './toss-gateway.ts';

export type { CancelInput, ConfirmInput, PaymentGateway, ProviderAnswer } from './gateway.ts';
export { PaymentDeclinedError, PaymentUnavailableError } from './gateway.ts';
export type { TestCharge, TestPaymentGateway } from './test-gateway.ts';
export { createTestPaymentGateway } from './test-gateway.ts';
export type { TossSettings } from './toss-gateway.ts';
export { createTossGateway } from './toss-gateway.ts';

/**
 * What picking and building a gateway needs, separate from `env` so a test can pass its own.
 * `none` is production without PAYMENT_PROVIDER: orders can be placed but not paid (503).
 */
export type PaymentSettings = { provider: 'test' } | ({ provider: 'toss' } & TossSettings) | { provider: 'none' };

export function paymentSettingsFromEnv(env: Env): PaymentSettings {
  if (env.PAYMENT_PROVIDER === 'toss') {
    // env.ts already refuses toss without the secret key; this only tells the types so.
    if (!env.TOSS_SECRET_KEY) throw new Error('PAYMENT_PROVIDER=toss needs TOSS_SECRET_KEY');
    return { provider: 'toss', baseUrl: env.TOSS_BASE_URL, secretKey: env.TOSS_SECRET_KEY, timeoutMs: env.TOSS_TIMEOUT_MS };
  }
  return env.PAYMENT_PROVIDER === 'test' ? { provider: 'test' } : { provider: 'none' };
}

export function createPaymentGateway(settings: PaymentSettings): PaymentGateway {
  switch (settings.provider) {
    case 'toss':
      return createTossGateway(settings);
    case 'test':
      return createTestPaymentGateway();
    case 'none':
      return {
        provider: 'none',
        confirm: () => Promise.reject(new PaymentUnavailableError('no payment provider is configured')),
        cancel: () => Promise.reject(new PaymentUnavailableError('no payment provider is configured')),
      };
  }
}
