/** The 알림톡 templates this service sends; each is registered with Kakao under its own id. */
export const KAKAO_TEMPLATE_CODES = ['RITUAL_REMINDER'] as const;
export type KakaoTemplateCode = (typeof KAKAO_TEMPLATE_CODES)[number];

/** One 알림톡: a registered template filled in with its variables (names without `#{}`). */
export interface KakaoMessage {
  /** National digits only, as the member verified it: `01012345678`. */
  phone: string;
  templateCode: KakaoTemplateCode;
  variables: Record<string, string>;
}

export interface KakaoSender {
  send(message: KakaoMessage): Promise<void>;
}

/** Thrown by a sender when no 알림톡 provider is configured (production, until one is added). */
export class KakaoUnavailableError extends Error {
  constructor() {
    super('no KakaoTalk provider is configured');
    this.name = 'KakaoUnavailableError';
  }
}
