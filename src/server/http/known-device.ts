import { createHmac } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppConfig } from '../config.ts';
import type { AppContext } from './context.ts';
import { baseCookie } from './cookies.ts';

/**
 * A browser where an account has signed in before (OWASP's "device cookie"). Guesses at an
 * account from unknown browsers are limited per account; its owner's own browser is not, so
 * nobody can keep a member out by failing at their password.
 */
const COOKIE = 'known_device';
// A shared family computer keeps a few accounts; the oldest falls off.
const ACCOUNTS_MAX = 5;
const LIFETIME_DAYS = 365;

/** Names the account without showing it: only this server can tell which e-mail a mark is for. */
const markOf = (config: AppConfig, email: string): string =>
  createHmac('sha256', config.appKey).update(`known-device|${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22);

const marksOf = (c: AppContext): string[] => (getCookie(c, COOKIE) ?? '').split('.').filter(Boolean);

export const isKnownDevice = (c: AppContext, config: AppConfig, email: string): boolean => marksOf(c).includes(markOf(config, email));

export function rememberDevice(c: AppContext, config: AppConfig, email: string): void {
  const mark = markOf(config, email);
  const marks = [mark, ...marksOf(c).filter((other) => other !== mark)].slice(0, ACCOUNTS_MAX);
  setCookie(c, COOKIE, marks.join('.'), { ...baseCookie(config), httpOnly: true, maxAge: LIFETIME_DAYS * 86_400 });
}
