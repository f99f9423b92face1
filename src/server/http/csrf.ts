import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppConfig } from '../config.ts';
import type { AppContext, AppEnv } from './context.ts';
import { XSRF_COOKIE, setXsrfCookie } from './cookies.ts';
import { csrfMismatch } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session a token is bound to: a token issued before sign-in is refused after it. */
const bindingOf = (c: AppContext): string => c.get('session')?.id ?? 'guest';

function sign(key: string, nonce: string, binding: string): string {
  return createHmac('sha256', key).update(`${nonce}|${binding}`).digest('base64url');
}

export function issueCsrfToken(c: AppContext, config: AppConfig): string {
  const nonce = randomBytes(16).toString('base64url');
  const token = `${nonce}.${sign(config.appKey, nonce, bindingOf(c))}`;
  setXsrfCookie(c, config, token);
  return token;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isValid(c: AppContext, config: AppConfig): boolean {
  const header = c.req.header('x-xsrf-token');
  const cookie = getCookie(c, XSRF_COOKIE);
  if (!header || !cookie) return false;
  // The double submit (header equals cookie) stops another site that cannot read our cookie;
  // the signature stops a cookie planted from a sibling domain or left from another session.
  if (!safeEqual(header, cookie)) return false;
  const [nonce, signature, extra] = header.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(config.appKey, nonce, bindingOf(c)));
}

/** Every request that can change something carries the token, or is answered 419. */
export const csrfProtection = (config: AppConfig, exempt: (method: string, path: string) => boolean = () => false) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { method } = c.env.prepared.request;
    if (!SAFE_METHODS.has(method) && !exempt(method, c.req.path) && !isValid(c, config)) throw csrfMismatch();
    await next();
  });
