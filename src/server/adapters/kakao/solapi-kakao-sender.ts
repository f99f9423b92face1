import { randomBytes } from 'node:crypto';
import { SolapiError, solapiAuthorization } from '../sms/solapi-sms-sender.ts';
import type { KakaoMessage, KakaoSender, KakaoTemplateCode } from './kakao-sender.ts';

/** 알림톡 through Solapi's HTTP API v4, with the account the SMS sender uses. */
export interface SolapiKakaoSettings {
  /** `https://api.solapi.com`; tests point it at a local server. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The KakaoTalk channel's id with Solapi (pfId, `KA01PF…`). */
  pfId: string;
  /** Solapi's template id (`KA01TP…`) for each of our template codes. */
  templateIds: Record<KakaoTemplateCode, string>;
}

// A send that hangs must not hold the reminder job for long.
const TIMEOUT_MS = 10_000;
const MAX_DETAIL = 300;

/**
 * Sends the message as Solapi's `ATA` (알림톡) type: the template's variables as `#{name}`, and no
 * SMS in its place when KakaoTalk cannot deliver it (the member asked for KakaoTalk, not a text).
 */
export function createSolapiKakaoSender(settings: SolapiKakaoSettings, now: () => Date = () => new Date()): KakaoSender {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/messages/v4/send`;
  const redact = (text: string) => text.split(settings.apiSecret).join('[redacted]');
  return {
    async send(message: KakaoMessage): Promise<void> {
      const body = {
        message: {
          to: message.phone,
          type: 'ATA',
          kakaoOptions: {
            pfId: settings.pfId,
            templateId: settings.templateIds[message.templateCode],
            variables: Object.fromEntries(Object.entries(message.variables).map(([name, value]) => [`#{${name}}`, value])),
            disableSms: true,
          },
        },
      };
      const date = now().toISOString();
      const salt = randomBytes(16).toString('hex');
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: solapiAuthorization(settings.apiKey, settings.apiSecret, date, salt),
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new SolapiError(`Solapi 알림톡 send failed: ${redact(reason)}`, undefined, undefined, { cause: error });
      }
      const text = await response.text();
      if (response.ok) return;
      let errorCode: string | undefined;
      let detail = '';
      try {
        const answer = JSON.parse(text) as { errorCode?: unknown; errorMessage?: unknown };
        if (typeof answer.errorCode === 'string') errorCode = redact(answer.errorCode);
        if (typeof answer.errorMessage === 'string') detail = `: ${redact(answer.errorMessage).slice(0, MAX_DETAIL)}`;
      } catch {
        // Not JSON (a proxy's error page): the status alone says enough.
      }
      throw new SolapiError(`Solapi answered ${response.status}${errorCode ? ` ${errorCode}` : ''}${detail}`, response.status, errorCode);
    },
  };
}
