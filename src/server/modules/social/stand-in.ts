import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env.ts';
import type { ProviderSettings, SocialSettings } from './provider-settings.ts';

/**
 * A pretend Kakao and Naver served by this site, so that their buttons work on a fresh clone
 * without keys (SOCIAL_STAND_IN, refused in production). It speaks their protocol: a consent page
 * (src/pages/dev/oauth/[provider].astro), a code, a token endpoint and each one's userinfo shape
 * (stand-in-routes.ts), so that sign-in runs the code path the real providers take.
 * Codes and tokens are signed with the app key instead of stored, as the process keeps no state;
 * so a code can be traded more than once within its minutes, which the real providers refuse.
 */

const STAND_IN_PROVIDERS = ['kakao', 'naver'] as const;
export type StandInProvider = (typeof STAND_IN_PROVIDERS)[number];

export const isStandInProvider = (value: string): value is StandInProvider =>
  (STAND_IN_PROVIDERS as readonly string[]).includes(value);

/** The account the consent page offers before anything is typed. */
export const PRETEND_ACCOUNTS: Record<StandInProvider, { nickname: string; email: string }> = {
  kakao: { nickname: '카카오친구', email: 'kakao.friend@example.com' },
  naver: { nickname: '네이버친구', email: 'naver.friend@example.com' },
};

/** Kakao's nicknames run to 20 characters; /register/sns then proposes one within the site's rules. */
export const PRETEND_NICKNAME_MAX = 20;

// A code is traded at once by the app's server; RFC 6749 advises ten minutes at most.
const CODE_SECONDS = 5 * 60;
export const TOKEN_SECONDS = 60 * 60;

export const standInClientId = (provider: StandInProvider): string => `ritual-local-${provider}`;

// Derived, so that nothing the stand-in signs can pass for a signature the app makes elsewhere.
const keyOf = (appKey: string): Buffer => createHmac('sha256', appKey).update('social-stand-in').digest();
const mac = (appKey: string, text: string): string => createHmac('sha256', keyOf(appKey)).update(text).digest('base64url');

export const standInClientSecret = (appKey: string, provider: StandInProvider): string => mac(appKey, `client-secret|${provider}`);

/** The server's own address for calls to itself: listening on every address, it is reached on the loopback. */
export function ownAddress(host: string, port: number): string {
  const loopback = host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '[::]' ? '::1' : host;
  return `http://${loopback.includes(':') && !loopback.startsWith('[') ? `[${loopback}]` : loopback}:${port}`;
}

type AddressEnv = Pick<Env, 'APP_URL' | 'APP_KEY' | 'HOST' | 'PORT'>;

export function standInSettings(provider: StandInProvider, env: AddressEnv, scopes: string[]): ProviderSettings {
  const secret = standInClientSecret(env.APP_KEY, provider);
  // The browser goes to the site's public address; the server calls itself where it listens,
  // which a proxy or a container's port mapping in front of it may not answer from inside.
  const own = ownAddress(env.HOST, env.PORT);
  return {
    provider,
    clientId: standInClientId(provider),
    clientSecret: () => secret,
    authorizeUrl: new URL(`/dev/oauth/${provider}`, env.APP_URL).toString(),
    tokenUrl: `${own}/api/dev/oauth/${provider}/token`,
    userinfoUrl: `${own}/api/dev/oauth/${provider}/userinfo`,
    scopes,
    pkce: false,
    formPost: false,
    standIn: true,
  };
}

/** The stand-in's settings when it serves this provider here, never in production. */
export function standInFor(settings: SocialSettings, name: string, isProduction: boolean): ProviderSettings | undefined {
  if (isProduction || !isStandInProvider(name)) return undefined;
  const found = settings[name];
  return found?.standIn ? found : undefined;
}

export interface AuthorizationRequest {
  provider: StandInProvider;
  clientId: string;
  redirectUri: string;
  state: string | null;
}

export type AuthorizationCheck = { ok: true; request: AuthorizationRequest } | { ok: false; field: string; message: string };

/**
 * What Kakao and Naver check before their consent screen: the app's client id and its registered
 * callback (the app's own, socialCallbackUrl). A wrong one is shown on the page, never redirected to.
 */
export function checkAuthorizationRequest(provider: StandInProvider, callback: string, query: URLSearchParams): AuthorizationCheck {
  if (query.get('client_id') !== standInClientId(provider)) {
    return { ok: false, field: 'client_id', message: '등록되지 않은 앱의 로그인 요청이에요.' };
  }
  if (query.get('redirect_uri') !== callback) {
    return { ok: false, field: 'redirect_uri', message: '로그인을 마치고 돌아갈 주소가 등록된 주소와 달라요.' };
  }
  if (query.get('response_type') !== 'code') {
    return { ok: false, field: 'response_type', message: '지원하지 않는 로그인 요청 방식이에요.' };
  }
  return { ok: true, request: { provider, clientId: standInClientId(provider), redirectUri: callback, state: query.get('state') } };
}

export interface PretendAccount {
  id: string;
  nickname: string;
  email: string | null;
}

/** The same e-mail (or, without one, the same nickname) is the same account each time, as with a real one. */
export function pretendAccount(provider: StandInProvider, nickname: string, email: string | null): PretendAccount {
  const digest = createHash('sha256')
    .update(`${provider}|${email ? email.toLowerCase() : `nickname|${nickname}`}`)
    .digest();
  // Kakao's ids are numbers; Naver's are opaque strings.
  const id = provider === 'kakao' ? String(digest.readUIntBE(0, 6)) : digest.toString('base64url');
  return { id, nickname, email };
}

export interface CodeGrant {
  provider: StandInProvider;
  clientId: string;
  redirectUri: string;
  account: PretendAccount;
}

export type AccessGrant = Omit<CodeGrant, 'redirectUri'>;

type Purpose = 'code' | 'token';

/** A signed, expiring value: the purpose is signed too, so that a code never passes for a token. */
function seal(appKey: string, purpose: Purpose, payload: object, expiresAt: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString('base64url');
  return `${body}.${mac(appKey, `${purpose}|${body}`)}`;
}

function unseal<T>(appKey: string, purpose: Purpose, value: string, now: Date): T | null {
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(appKey, `${purpose}|${body}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { exp: number };
  return payload.exp * 1000 > now.getTime() ? payload : null;
}

const secondsFrom = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

export const issueCode = (appKey: string, grant: CodeGrant, now = new Date()): string =>
  seal(appKey, 'code', grant, secondsFrom(now, CODE_SECONDS));

export const redeemCode = (appKey: string, code: string, now = new Date()): CodeGrant | null =>
  unseal<CodeGrant>(appKey, 'code', code, now);

export const issueAccessToken = (appKey: string, grant: AccessGrant, now = new Date()): string =>
  seal(appKey, 'token', { provider: grant.provider, clientId: grant.clientId, account: grant.account }, secondsFrom(now, TOKEN_SECONDS));

export const readAccessToken = (appKey: string, token: string, now = new Date()): AccessGrant | null =>
  unseal<AccessGrant>(appKey, 'token', token, now);
