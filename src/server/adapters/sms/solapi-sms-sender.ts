import { createHmac, randomBytes } from 'node:crypto';
import type { SmsCodeMessage, SmsSender } from './sms-sender.ts';

/** Solapi (솔라피, formerly CoolSMS), its HTTP API v4. */
export interface SolapiSettings {
  /** `https://api.solapi.com`; tests point it at a local server. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The sending number registered with Solapi, digits only: `0212345678`. */
  sender: string;
}

const KOREA = '82';
// A send that hangs must not hold the member's request forever.
const TIMEOUT_MS = 10_000;
// The longest part of Solapi's errorMessage kept in an error.
const MAX_DETAIL = 300;

/** A send Solapi refused (or that never reached it): the HTTP status and Solapi's errorCode when known. */
export class SolapiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly errorCode?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SolapiError';
  }
}

/**
 * `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`: the signature is the hex HMAC-SHA256 of
 * date + salt with the API secret; the secret itself never leaves the process.
 */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string, salt: string): string {
  const signature = createHmac('sha256', apiSecret).update(date + salt).digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

// The particle follows how the last digit is read: 영 일 삼 육 칠 팔 end in a consonant (을),
// 이 사 오 구 in a vowel (를).
const objectParticle = (code: string) => ('2459'.includes(code.slice(-1)) ? '를' : '을');

/** The text of a verification message. Codes last CODE_TTL_SECONDS (180) in the phone module. */
export function solapiCodeText(code: string): string {
  return `[리추얼] 인증번호 ${code}${objectParticle(code)} 입력해 주세요. (3분 이내)`;
}

async function readError(response: Response): Promise<{ errorCode?: string; errorMessage?: string }> {
  try {
    const body: unknown = JSON.parse(await response.text());
    if (body && typeof body === 'object') {
      const { errorCode, errorMessage } = body as Record<string, unknown>;
      return {
        ...(typeof errorCode === 'string' ? { errorCode } : {}),
        ...(typeof errorMessage === 'string' ? { errorMessage } : {}),
      };
    }
  } catch {
    // Not JSON (a proxy's error page): the status alone says enough.
  }
  return {};
}

/** What a Solapi send needs to sign and reach the API; the SMS and 알림톡 senders share it. */
export type SolapiAccount = Pick<SolapiSettings, 'baseUrl' | 'apiKey' | 'apiSecret'>;

/**
 * POSTs one message to Solapi's `/messages/v4/send`, signed, within TIMEOUT_MS. A refusal or a
 * failed connection throws SolapiError, with the secret taken out should a server echo it.
 */
export async function sendSolapiMessage(account: SolapiAccount, message: Record<string, unknown>, now: () => Date, what = 'send'): Promise<void> {
  const url = `${account.baseUrl.replace(/\/+$/, '')}/messages/v4/send`;
  const redact = (text: string) => (account.apiSecret ? text.split(account.apiSecret).join('[redacted]') : text);
  const date = now().toISOString();
  const salt = randomBytes(16).toString('hex');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: solapiAuthorization(account.apiKey, account.apiSecret, date, salt),
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SolapiError(`Solapi ${what} failed: ${redact(reason)}`, undefined, undefined, { cause: error });
  }
  if (response.ok) {
    // Read the answer ({groupId, messageId, statusCode: "2000", …}) so the connection is freed.
    await response.arrayBuffer();
    return;
  }
  const answer = await readError(response);
  const errorCode = answer.errorCode === undefined ? undefined : redact(answer.errorCode);
  const detail = answer.errorMessage ? `: ${redact(answer.errorMessage).slice(0, MAX_DETAIL)}` : '';
  throw new SolapiError(`Solapi answered ${response.status}${errorCode ? ` ${errorCode}` : ''}${detail}`, response.status, errorCode);
}

export function createSolapiSmsSender(settings: SolapiSettings, now: () => Date = () => new Date()): SmsSender {
  return {
    async sendCode(message: SmsCodeMessage): Promise<void> {
      await sendSolapiMessage(
        settings,
        {
          to: message.phone,
          from: settings.sender,
          text: solapiCodeText(message.code),
          ...(message.countryCode === KOREA ? {} : { country: message.countryCode }),
        },
        now,
      );
    },
  };
}
