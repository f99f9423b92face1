import type { Env } from '../../env.ts';
import type { KakaoSender, KakaoTemplateCode } from './kakao-sender.ts';
import { KAKAO_TEMPLATE_CODES, KakaoUnavailableError } from './kakao-sender.ts';
import { createOutboxKakaoSender } from './outbox-kakao-sender.ts';
import { createSolapiKakaoSender } from './solapi-kakao-sender.ts';
import type { SolapiKakaoSettings } from './solapi-kakao-sender.ts';

export type { KakaoMessage, KakaoSender, KakaoTemplateCode } from './kakao-sender.ts';
export { KAKAO_TEMPLATE_CODES, KakaoUnavailableError } from './kakao-sender.ts';
export type { KakaoOutboxMessage } from './outbox-kakao-sender.ts';
export { readKakaoOutbox } from './outbox-kakao-sender.ts';
export type { SolapiKakaoSettings } from './solapi-kakao-sender.ts';

/** `none` is production without KAKAO_PROVIDER: the kakao channel is skipped (and logged). */
export type KakaoSettings = { provider: 'outbox'; outboxDir: string } | ({ provider: 'solapi' } & SolapiKakaoSettings) | { provider: 'none' };

/** `RITUAL_REMINDER=KA01TP…,OTHER=KA01TP…` as a map; env.ts has checked that every code is there. */
function templateIdsOf(list: string): Record<KakaoTemplateCode, string> {
  const pairs = new Map(list.split(',').map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]));
  return Object.fromEntries(
    KAKAO_TEMPLATE_CODES.map((code) => {
      const id = pairs.get(code);
      if (!id) throw new Error(`SOLAPI_KAKAO_TEMPLATES names no template id for ${code}`);
      return [code, id];
    }),
  ) as Record<KakaoTemplateCode, string>;
}

export function kakaoSettingsFromEnv(env: Env): KakaoSettings {
  if (env.KAKAO_PROVIDER === 'outbox') return { provider: 'outbox', outboxDir: env.KAKAO_OUTBOX_DIR };
  if (env.KAKAO_PROVIDER === 'solapi') {
    const { SOLAPI_API_KEY: apiKey, SOLAPI_API_SECRET: apiSecret, SOLAPI_KAKAO_PFID: pfId, SOLAPI_KAKAO_TEMPLATES: templates } = env;
    // env.ts already refuses solapi without these; this only tells the types so.
    if (!apiKey || !apiSecret || !pfId || !templates) {
      throw new Error('KAKAO_PROVIDER=solapi needs SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_KAKAO_PFID and SOLAPI_KAKAO_TEMPLATES');
    }
    return { provider: 'solapi', baseUrl: env.SOLAPI_BASE_URL, apiKey, apiSecret, pfId, templateIds: templateIdsOf(templates) };
  }
  return { provider: 'none' };
}

export function createKakaoSender(settings: KakaoSettings): KakaoSender {
  switch (settings.provider) {
    case 'outbox':
      return createOutboxKakaoSender(settings.outboxDir);
    case 'solapi':
      return createSolapiKakaoSender(settings);
    case 'none':
      return { send: () => Promise.reject(new KakaoUnavailableError()) };
  }
}
