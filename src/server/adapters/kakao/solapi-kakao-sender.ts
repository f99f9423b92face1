import { sendSolapiMessage } from '../sms/solapi-sms-sender.ts';
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

/**
 * Sends the message as Solapi's `ATA` (알림톡) type: the template's variables as `#{name}`, and no
 * SMS in its place when KakaoTalk cannot deliver it (the member asked for KakaoTalk, not a text).
 */
export function createSolapiKakaoSender(settings: SolapiKakaoSettings, now: () => Date = () => new Date()): KakaoSender {
  return {
    async send(message: KakaoMessage): Promise<void> {
      await sendSolapiMessage(
        settings,
        {
          to: message.phone,
          type: 'ATA',
          kakaoOptions: {
            pfId: settings.pfId,
            templateId: settings.templateIds[message.templateCode],
            variables: Object.fromEntries(Object.entries(message.variables).map(([name, value]) => [`#{${name}}`, value])),
            disableSms: true,
          },
        },
        now,
        '알림톡 send',
      );
    },
  };
}
