import type { CancelInput, ConfirmInput, PaymentGateway, ProviderAnswer } from './gateway.ts';
import { PaymentDeclinedError } from './gateway.ts';

export interface TestCharge {
  paymentKey: string;
  orderId: string;
  amount: number;
}

export interface TestPaymentGateway extends PaymentGateway {
  /** Every charge made, once per idempotency key: what the race tests count. */
  readonly charges: TestCharge[];
  /** Every cancel made, once per idempotency key. */
  readonly cancels: CancelInput[];
}

/**
 * The provider outside production: a payment key starting `test_ok` is charged, `test_fail` is
 * declined, anything else is refused as unknown. It keeps its answers in memory by idempotency
 * key, as a real provider does on its side.
 */
export function createTestPaymentGateway(): TestPaymentGateway {
  const charges: TestCharge[] = [];
  const cancels: CancelInput[] = [];
  const confirmed = new Map<string, ProviderAnswer>();
  const cancelled = new Map<string, ProviderAnswer>();
  return {
    provider: 'test',
    charges,
    cancels,
    confirm(input: ConfirmInput) {
      const earlier = confirmed.get(input.idempotencyKey);
      if (earlier) return Promise.resolve(earlier);
      if (input.paymentKey.startsWith('test_fail')) {
        return Promise.reject(new PaymentDeclinedError('카드사에서 결제를 거절했어요. 다른 카드로 다시 시도해 주세요.', 'REJECT_CARD_PAYMENT', { code: 'REJECT_CARD_PAYMENT' }));
      }
      if (!input.paymentKey.startsWith('test_ok')) {
        return Promise.reject(new PaymentDeclinedError('결제 정보를 찾을 수 없어요.', 'NOT_FOUND_PAYMENT', { code: 'NOT_FOUND_PAYMENT' }));
      }
      charges.push({ paymentKey: input.paymentKey, orderId: input.orderId, amount: input.amount });
      const answer = { raw: { provider: 'test', paymentKey: input.paymentKey, orderId: input.orderId, totalAmount: input.amount, method: '카드', status: 'DONE' } };
      confirmed.set(input.idempotencyKey, answer);
      return Promise.resolve(answer);
    },
    cancel(input: CancelInput) {
      const earlier = cancelled.get(input.idempotencyKey);
      if (earlier) return Promise.resolve(earlier);
      cancels.push(input);
      const answer = { raw: { provider: 'test', paymentKey: input.paymentKey, cancelAmount: input.amount, cancelReason: input.reason, status: 'CANCELED' } };
      cancelled.set(input.idempotencyKey, answer);
      return Promise.resolve(answer);
    },
  };
}
