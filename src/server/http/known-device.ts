import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { deviceTokenHash, findLiveDevices, KNOWN_DEVICE_DAYS, newDeviceToken, rememberDeviceOf } from '../modules/auth/known-devices.ts';
import type { AppContext } from './context.ts';
import { baseCookie } from './cookies.ts';

/**
 * A browser where an account has signed in before (OWASP's "device cookie"). Guesses at an
 * account from unknown browsers are limited per account; its owner's own browser is not, so
 * nobody can keep a member out by failing at their password. The cookie holds a random token per
 * account, newest first; the database knows only their hashes.
 */
const COOKIE = 'known_device';
// A shared family computer keeps a few accounts; the oldest falls off.
const ACCOUNTS_MAX = 5;
const TOKEN = /^[\w-]{43}$/;

interface HeldToken {
  token: string;
  hash: string;
  userId: number;
}

export interface DeviceCheck {
  /** The browser signed in to this account before. */
  known: boolean;
  /** The tokens of the cookie that still count, in its order. */
  live: HeldToken[];
  /** The cookie held tokens that count no longer (unknown, expired, revoked or malformed). */
  hasDead: boolean;
}

/** What the browser's cookie says of it and `email`, in one query by the tokens' unique index. */
export async function recognizeDevice(c: AppContext, db: Db, email: string): Promise<DeviceCheck> {
  const held = (getCookie(c, COOKIE) ?? '').split('.').filter(Boolean);
  const wellFormed = held.filter((token) => TOKEN.test(token)).slice(0, ACCOUNTS_MAX);
  const hashes = wellFormed.map(deviceTokenHash);
  const rows = await findLiveDevices(db, hashes);
  const live = wellFormed.flatMap((token, index) => {
    const row = rows.find((candidate) => candidate.tokenHash === hashes[index]);
    return row ? [{ token, hash: row.tokenHash, userId: row.userId, email: row.email.toLowerCase() }] : [];
  });
  return {
    known: live.some((entry) => entry.email === email.toLowerCase()),
    live: live.map(({ token, hash, userId }) => ({ token, hash, userId })),
    hasDead: live.length < held.length,
  };
}

const writeCookie = (c: AppContext, config: AppConfig, tokens: string[]) =>
  tokens.length > 0
    ? setCookie(c, COOKIE, tokens.join('.'), { ...baseCookie(config), httpOnly: true, maxAge: KNOWN_DEVICE_DAYS * 86_400 })
    : deleteCookie(c, COOKIE, baseCookie(config));

/** After a refusal: the browser lets go of the tokens that no longer count. */
export function dropDeadTokens(c: AppContext, config: AppConfig, check: DeviceCheck): void {
  if (check.hasDead) writeCookie(c, config, check.live.map((entry) => entry.token));
}

/** After a right password: the member's token is replaced by a new one, first in the cookie. */
export async function rememberDevice(c: AppContext, db: Db, config: AppConfig, userId: number, check: DeviceCheck): Promise<void> {
  const token = newDeviceToken();
  const own = check.live.filter((entry) => entry.userId === userId);
  const kept = check.live.filter((entry) => entry.userId !== userId).slice(0, ACCOUNTS_MAX - 1);
  const dropped = check.live.filter((entry) => entry !== own[0] && !kept.includes(entry));
  await rememberDeviceOf(db, {
    userId,
    tokenHash: deviceTokenHash(token),
    previousHash: own[0]?.hash ?? null,
    dropped: dropped.map((entry) => entry.hash),
  });
  writeCookie(c, config, [token, ...kept.map((entry) => entry.token)]);
}
