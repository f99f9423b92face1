/**
 * Whether this browser can take web push, and what to tell the member when it cannot. Pure, from
 * what the browser reports, so the rule is tested without a browser.
 */

/** `ios-install`: iPhone or iPad Safari outside the home screen: web push needs the app installed first. */
export type PushSupport = 'supported' | 'ios-install' | 'unsupported';

export interface BrowserTraits {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari calls itself a Mac and is told apart by touch. */
  maxTouchPoints: number;
  /** matchMedia('(display-mode: standalone)') or navigator.standalone: opened from the home screen. */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

export function isAppleMobile({ userAgent, maxTouchPoints }: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupportOf(traits: BrowserTraits): PushSupport {
  // iOS and iPadOS (16.4 and later) offer push only to a site added to the home screen.
  if (isAppleMobile(traits) && !traits.standalone) return 'ios-install';
  return traits.hasServiceWorker && traits.hasPushManager && traits.hasNotification ? 'supported' : 'unsupported';
}

export const IOS_INSTALL_TITLE = '홈 화면에 추가하면 알림을 받을 수 있어요';
export const IOS_INSTALL_STEPS = [
  'Safari 아래쪽의 공유 버튼(네모에 위쪽 화살표)을 눌러요.',
  '‘홈 화면에 추가’를 고르고 ‘추가’를 눌러요.',
  '홈 화면의 리추얼 아이콘으로 열고, 여기에서 알림을 켜 주세요.',
] as const;
export const PUSH_UNSUPPORTED_TEXT = '이 브라우저에서는 푸시 알림을 받을 수 없어요. 이메일이나 카카오톡 알림톡으로 받아 보세요.';
export const PUSH_DENIED_TEXT = '브라우저에서 이 사이트의 알림이 차단되어 있어요. 브라우저 설정에서 알림을 허용한 뒤 다시 켜 주세요.';

/** The VAPID key (base64url) as pushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
