import { z } from 'zod';
import { flagField } from '../../http/flag-field.ts';
import { idField } from '../../http/route-id.ts';

export const PUSH_MESSAGES = {
  endpoint: '알림을 받을 주소(endpoint)를 https:// 주소로 보내 주세요.',
  p256dh: '구독 키(p256dh)가 올바르지 않아요.',
  auth: '구독 인증값(auth)이 올바르지 않아요.',
  keys: '구독 키(keys)를 보내 주세요.',
  unavailable: '지금은 푸시 알림을 쓸 수 없어요.',
  flag: '켜짐 또는 꺼짐으로 보내 주세요.',
  mutedRooms: '알림을 끌 리추얼 방을 목록으로 보내 주세요.',
  mutedRoom: '내가 참여한 리추얼 방만 알림을 끌 수 있어요.',
} as const;

// An endpoint is a URL the browser's push service made; a few hundred characters in practice.
const ENDPOINT_MAX = 2048;
// The longest muted list a member could have: every room of a long membership.
const MUTED_MAX = 500;

/**
 * Endpoints are https:// URLs; outside production also http://127.0.0.1 (a push service on this
 * machine, for tests and local development). Anything else (another scheme, a host the server
 * would reach inside its own network over plain HTTP) is refused before it is stored or posted to.
 */
export const endpointField = (allowLoopback: boolean) =>
  z
    .string({ error: PUSH_MESSAGES.endpoint })
    .max(ENDPOINT_MAX, PUSH_MESSAGES.endpoint)
    .refine((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return url.hostname.length > 0;
      return allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';
    }, PUSH_MESSAGES.endpoint);

// base64url without padding: the browser's P-256 point is 65 bytes (87 characters), auth 16 (22).
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
const AUTH = /^[A-Za-z0-9_-]{22}$/;

/** `POST /api/push-subscriptions`: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionInput = (allowLoopback: boolean) =>
  z.object({
    endpoint: endpointField(allowLoopback),
    keys: z.object(
      {
        p256dh: z.string({ error: PUSH_MESSAGES.p256dh }).regex(P256DH, PUSH_MESSAGES.p256dh),
        auth: z.string({ error: PUSH_MESSAGES.auth }).regex(AUTH, PUSH_MESSAGES.auth),
      },
      { error: PUSH_MESSAGES.keys },
    ),
  });

/** The schema as the API document shows it (https:// only, as production checks). */
export const pushSubscriptionBody = pushSubscriptionInput(false);

/** `DELETE /api/push-subscriptions` `{endpoint}`: any text is looked up; only the member's own is removed. */
export const pushUnsubscribeInput = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).min(1, PUSH_MESSAGES.endpoint).max(ENDPOINT_MAX, PUSH_MESSAGES.endpoint),
});

const flag = flagField(PUSH_MESSAGES.flag);

/** A flag that is left as it is when absent (an update names only what it changes): flagField reads absent as no. */
const optionalFlag = z.unknown().transform((value, ctx): boolean | undefined => {
  if (value === undefined) return undefined;
  const parsed = flag.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.flag });
  return z.NEVER;
}).optional();

/** `POST /api/me/notification-settings` (`_method` PUT): any of the three. */
export const notificationSettingsInput = z.object({
  push: optionalFlag,
  email_digest: optionalFlag,
  muted_ritual_session_ids: z
    .preprocess(
      (value) => (value === undefined ? undefined : value === '' ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(idField(PUSH_MESSAGES.mutedRoom), { error: PUSH_MESSAGES.mutedRooms })
        .max(MUTED_MAX, PUSH_MESSAGES.mutedRooms)
        .transform((ids) => [...new Set(ids)])
        .optional(),
    )
    .optional(),
});
