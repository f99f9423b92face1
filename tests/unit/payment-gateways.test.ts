import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PaymentDeclinedError,
  PaymentUnavailableError,
  createPaymentGateway,
  createTestPaymentGateway,
  createTossGateway,
  paymentSettingsFromEnv,
} from '../../src/server/adapters/payments/index.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';
import type { FakeToss } from '../helpers/toss-server.ts';
import { TOSS_SECRET, startFakeToss } from '../helpers/toss-server.ts';

describe('the test payment provider', () => {
  it('charges test_ok keys once per idempotency key and declines test_fail in Korean', async () => {
    const gateway = createTestPaymentGateway();
    const input = { paymentKey: 'test_ok_1', orderId: 'ORD-1', amount: 12000, idempotencyKey: 'ORD-1' };
    const [first, second] = await Promise.all([gateway.confirm(input), gateway.confirm(input)]);
    expect(second).toEqual(first);
    expect(gateway.charges).toEqual([{ paymentKey: 'test_ok_1', orderId: 'ORD-1', amount: 12000 }]);
    const declined = gateway.confirm({ ...input, paymentKey: 'test_fail_1', idempotencyKey: 'ORD-2' });
    await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(declined).rejects.toThrow(/거절/);
    expect(gateway.charges).toHaveLength(1);
  });
});

describe('configuration of payments', () => {
  it('is the test provider outside production, none in production unless toss is set, and refuses test there', () => {
    expect(paymentSettingsFromEnv(parseEnv({}))).toEqual({ provider: 'test' });
    const production = { NODE_ENV: 'production', APP_URL: 'https://ritual.example', DATABASE_URL: 'postgres://db/app', APP_KEY: 'k'.repeat(40), MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'smtp.internal' };
    expect(paymentSettingsFromEnv(parseEnv(production))).toEqual({ provider: 'none' });
    expect(() => parseEnv({ ...production, PAYMENT_PROVIDER: 'test' })).toThrow(EnvError);
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'toss' })).toThrow(/TOSS_SECRET_KEY/);
    const toss = paymentSettingsFromEnv(parseEnv({ ...production, PAYMENT_PROVIDER: 'toss', TOSS_CLIENT_KEY: 'ck', TOSS_SECRET_KEY: 'sk' }));
    expect(toss).toEqual({ provider: 'toss', baseUrl: 'https://api.tosspayments.com', secretKey: 'sk', timeoutMs: 10_000 });
  });

  it('takes no payment with none', async () => {
    const gateway = createPaymentGateway({ provider: 'none' });
    await expect(gateway.confirm({ paymentKey: 'x', orderId: 'o', amount: 1, idempotencyKey: 'o' })).rejects.toBeInstanceOf(PaymentUnavailableError);
  });
});

describe('the Toss Payments gateway against a local fake', () => {
  let toss: FakeToss;
  beforeEach(async () => {
    toss = await startFakeToss();
  });
  afterEach(async () => {
    await toss.close();
  });
  const gateway = (timeoutMs = 2000) => createTossGateway({ baseUrl: toss.baseUrl, secretKey: TOSS_SECRET, timeoutMs });

  it('confirms with Basic auth and the Idempotency-Key, charging once for the same key', async () => {
    const input = { paymentKey: 'pk_1', orderId: 'ORD-9', amount: 25000, idempotencyKey: 'ORD-9' };
    const answer = await gateway().confirm(input);
    await gateway().confirm(input);
    expect(answer.raw).toMatchObject({ paymentKey: 'pk_1', orderId: 'ORD-9', totalAmount: 25000, status: 'DONE' });
    expect(toss.charged.size).toBe(1);
    expect(toss.received[0]).toMatchObject({ method: 'POST', path: '/v1/payments/confirm', body: { paymentKey: 'pk_1', orderId: 'ORD-9', amount: 25000 } });
    expect(toss.received[0]?.headers['idempotency-key']).toBe('ORD-9');
  });

  it("passes Toss's decline message on, and calls a 500 or a timeout unavailable", async () => {
    const base = { orderId: 'ORD-8', amount: 1000, idempotencyKey: 'ORD-8' };
    await expect(gateway().confirm({ ...base, paymentKey: 'fail_1' })).rejects.toMatchObject({
      name: 'PaymentDeclinedError',
      code: 'REJECT_CARD_PAYMENT',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    await expect(gateway().confirm({ ...base, paymentKey: 'broken_1' })).rejects.toBeInstanceOf(PaymentUnavailableError);
    toss.delayMs = 500;
    await expect(gateway(100).confirm({ ...base, paymentKey: 'pk_slow', idempotencyKey: 'ORD-7' })).rejects.toBeInstanceOf(PaymentUnavailableError);
  });

  it('refuses a wrong secret key as a decline, not a success', async () => {
    const wrong = createTossGateway({ baseUrl: toss.baseUrl, secretKey: 'other', timeoutMs: 2000 });
    await expect(wrong.confirm({ paymentKey: 'pk', orderId: 'o', amount: 1, idempotencyKey: 'o' })).rejects.toMatchObject({ code: 'UNAUTHORIZED_KEY' });
  });

  it('cancels an amount of a payment with its reason', async () => {
    const answer = await gateway().cancel({ paymentKey: 'pk_1', amount: 5000, reason: '고객 요청 부분 취소', idempotencyKey: 'refund-1' });
    expect(answer.raw).toMatchObject({ status: 'CANCELED' });
    expect(toss.received[0]).toMatchObject({ path: '/v1/payments/pk_1/cancel', body: { cancelAmount: 5000, cancelReason: '고객 요청 부분 취소' } });
    expect(toss.received[0]?.headers['idempotency-key']).toBe('refund-1');
  });
});
