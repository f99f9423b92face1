import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppConfig } from '../config.ts';
import type { AppContext } from './context.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Cookie options shared by every cookie the API sets: Secure whenever the site is served over https. */
export function baseCookie(config: AppConfig) {
  return { path: '/', sameSite: 'Lax', secure: new URL(config.appUrl).protocol === 'https:' } as const;
}

export function setSessionCookie(c: AppContext, config: AppConfig, token: string, remember: boolean): void {
  setCookie(c, config.sessionCookie, token, {
    ...baseCookie(config),
    httpOnly: true,
    // Without "remember me" the cookie ends with the browser; the server ends it after idle time.
    ...(remember ? { maxAge: config.sessionRememberDays * 86_400 } : {}),
  });
}

export function clearSessionCookie(c: AppContext, config: AppConfig): void {
  deleteCookie(c, config.sessionCookie, baseCookie(config));
}

export function setXsrfCookie(c: AppContext, config: AppConfig, token: string): void {
  // Readable by scripts on purpose: the client echoes it in X-XSRF-TOKEN.
  setCookie(c, XSRF_COOKIE, token, { ...baseCookie(config), httpOnly: false });
}
