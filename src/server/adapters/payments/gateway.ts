/**
 * A payment provider as the checkout sees it. Both calls are idempotent by `idempotencyKey`: the
 * same key sent again returns the first answer and moves no money, so a retried or concurrent
 * confirm of one order charges once.
 */
export interface PaymentGateway {
  readonly provider: string;
  confirm(input: ConfirmInput): Promise<ProviderAnswer>;
  cancel(input: CancelInput): Promise<ProviderAnswer>;
}

export interface ConfirmInput {
  paymentKey: string;
  orderId: string;
  amount: number;
  idempotencyKey: string;
}

export interface CancelInput {
  paymentKey: string;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/** What the provider answered, kept as it came in `payments.raw` and `refunds.raw`. */
export interface ProviderAnswer {
  raw: unknown;
}

/** The provider refused (card declined, limit, wrong key): its message, in Korean, for the member. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly raw: unknown,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/** The provider could not be reached or did not answer in time: nothing is known to have moved. */
export class PaymentUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentUnavailableError';
  }
}
