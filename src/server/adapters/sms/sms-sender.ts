/** A verification code as the application sends it; each adapter decides how it leaves the process. */
export interface SmsCodeMessage {
  /** National digits only, as the member gave them: `01012345678`. */
  phone: string;
  /** The calling code, digits only: `82`. */
  countryCode: string;
  code: string;
}

export interface SmsSender {
  sendCode(message: SmsCodeMessage): Promise<void>;
}

/** Thrown by a sender when no SMS provider is configured (production, until one is added). */
export class SmsUnavailableError extends Error {
  constructor() {
    super('no SMS provider is configured');
    this.name = 'SmsUnavailableError';
  }
}
