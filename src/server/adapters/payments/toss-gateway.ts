import type { CancelInput, ConfirmInput, PaymentGateway, ProviderAnswer } from './gateway.ts';
import { PaymentDeclinedError, PaymentUnavailableError } from './gateway.ts';

/** Toss Payments, its core API v1: the confirm after the payment widget, and the cancel for refunds. */
export interface TossSettings {
  /** `https://api.tosspayments.com`; tests point it at a local fake. */
  baseUrl: string;
  secretKey: string;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs: number;
}

// The longest part of a provider message shown to a member.
const MAX_MESSAGE = 200;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's error page): only the status is known.
    return { status: response.status };
  }
}

export function createTossGateway(settings: TossSettings): PaymentGateway {
  const base = settings.baseUrl.replace(/\/+$/, '');
  // Basic auth of the secret key with an empty password, as Toss documents it.
  const authorization = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;

  async function post(path: string, idempotencyKey: string, body: unknown): Promise<ProviderAnswer> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new PaymentUnavailableError('Toss Payments did not answer', { cause: error });
    }
    let raw: unknown;
    try {
      raw = await readBody(response);
    } catch (error) {
      throw new PaymentUnavailableError('Toss Payments did not finish its answer', { cause: error });
    }
    if (response.ok) return { raw };
    // A 5xx says nothing about whether the payment moved; the idempotency key makes a retry safe.
    if (response.status >= 500) throw new PaymentUnavailableError(`Toss Payments answered ${response.status}`);
    const { code, message } = (raw && typeof raw === 'object' ? raw : {}) as { code?: unknown; message?: unknown };
    throw new PaymentDeclinedError(
      typeof message === 'string' && message ? message.slice(0, MAX_MESSAGE) : '결제를 승인하지 못했어요.',
      typeof code === 'string' ? code : `HTTP_${response.status}`,
      raw,
    );
  }

  return {
    provider: 'toss',
    confirm: (input: ConfirmInput) =>
      post('/v1/payments/confirm', input.idempotencyKey, { paymentKey: input.paymentKey, orderId: input.orderId, amount: input.amount }),
    cancel: (input: CancelInput) =>
      post(`/v1/payments/${encodeURIComponent(input.paymentKey)}/cancel`, input.idempotencyKey, {
        cancelReason: input.reason,
        cancelAmount: input.amount,
      }),
  };
}
