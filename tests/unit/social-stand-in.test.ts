import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env.ts';
import { socialSettingsFromEnv } from '../../src/server/modules/social/providers.ts';
import {
  checkAuthorizationRequest,
  issueAccessToken,
  issueCode,
  ownAddress,
  pretendAccount,
  readAccessToken,
  redeemCode,
  standInClientSecret,
  standInFor,
} from '../../src/server/modules/social/stand-in.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://ritual.example',
  DATABASE_URL: 'postgres://db/app',
  APP_KEY: 'a-production-key-0123456789-0123456789',
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: 'smtp.internal',
};

const problemsOf = (source: Record<string, string>): string[] => {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
};

describe('the social stand-in in configuration', () => {
  it('is on outside production and off in production, and production refuses to turn it on', () => {
    expect(parseEnv({}).SOCIAL_STAND_IN).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).SOCIAL_STAND_IN).toBe(true);
    expect(parseEnv({ SOCIAL_STAND_IN: 'off' }).SOCIAL_STAND_IN).toBe(false);
    expect(parseEnv(PRODUCTION).SOCIAL_STAND_IN).toBe(false);
    expect(parseEnv({ ...PRODUCTION, SOCIAL_STAND_IN: 'false' }).SOCIAL_STAND_IN).toBe(false);
    expect(problemsOf({ ...PRODUCTION, SOCIAL_STAND_IN: 'true' })).toEqual([
      'SOCIAL_STAND_IN: is for development only: its consent page lets anyone sign in as any member; leave it unset and set the KAKAO_ and NAVER_ keys',
    ]);
    expect(problemsOf({ SOCIAL_STAND_IN: 'maybe' })[0]).toMatch(/^SOCIAL_STAND_IN: /);
  });

  it('stands in for Kakao and Naver without keys: the browser on APP_URL, the server calling itself where it listens', () => {
    const settings = socialSettingsFromEnv(parseEnv({ HOST: '0.0.0.0', PORT: '4470', APP_URL: 'https://dev.ritual.example' }));
    expect(Object.keys(settings)).toEqual(['kakao', 'naver']);
    expect(settings.kakao).toMatchObject({
      clientId: 'ritual-local-kakao',
      authorizeUrl: 'https://dev.ritual.example/dev/oauth/kakao',
      tokenUrl: 'http://127.0.0.1:4470/api/dev/oauth/kakao/token',
      userinfoUrl: 'http://127.0.0.1:4470/api/dev/oauth/kakao/userinfo',
      scopes: ['profile_nickname', 'profile_image', 'account_email'],
      pkce: false,
      standIn: true,
    });
    expect(settings.naver).toMatchObject({ clientId: 'ritual-local-naver', tokenUrl: 'http://127.0.0.1:4470/api/dev/oauth/naver/token' });
    expect(settings.kakao?.clientSecret()).toBe(standInClientSecret(parseEnv({}).APP_KEY, 'kakao'));
    expect(socialSettingsFromEnv(parseEnv({ SOCIAL_STAND_IN: 'false' }))).toEqual({});
    expect(socialSettingsFromEnv(parseEnv(PRODUCTION))).toEqual({});
  });

  it('gives way to real keys, provider by provider, and never covers Google or Apple', () => {
    const settings = socialSettingsFromEnv(parseEnv({ KAKAO_CLIENT_ID: 'k', KAKAO_CLIENT_SECRET: 'ks', GOOGLE_CLIENT_ID: 'g' }));
    expect(Object.keys(settings)).toEqual(['kakao', 'naver', 'google']);
    expect(settings.kakao).toMatchObject({ clientId: 'k', authorizeUrl: 'https://kauth.kakao.com/oauth/authorize' });
    expect(settings.kakao?.standIn).toBeUndefined();
    expect(settings.naver?.standIn).toBe(true);
    expect(standInFor(settings, 'kakao', false)).toBeUndefined();
    expect(standInFor(settings, 'naver', false)?.provider).toBe('naver');
    expect(standInFor(settings, 'naver', true)).toBeUndefined();
    expect(standInFor(settings, 'google', false)).toBeUndefined();
  });

  it('calls itself on the loopback when it listens on every address', () => {
    expect(ownAddress('0.0.0.0', 4321)).toBe('http://127.0.0.1:4321');
    expect(ownAddress('::', 4321)).toBe('http://[::1]:4321');
    expect(ownAddress('localhost', 4321)).toBe('http://localhost:4321');
    expect(ownAddress('::1', 8080)).toBe('http://[::1]:8080');
  });
});

describe('the stand-in protocol', () => {
  const key = 'unit-key-0123456789-0123456789-0123456789';
  const callback = 'http://localhost:4321/login/kakao/callback';
  const account = pretendAccount('kakao', '카카오친구', 'kakao.friend@example.com');
  const grant = { provider: 'kakao' as const, clientId: 'ritual-local-kakao', redirectUri: callback, account };

  it('keeps one pretend account per e-mail, with ids shaped like each provider\'s', () => {
    expect(pretendAccount('kakao', '다른이름', 'KAKAO.friend@example.com').id).toBe(account.id);
    expect(account.id).toMatch(/^\d+$/);
    expect(pretendAccount('naver', '네이버친구', 'kakao.friend@example.com').id).toMatch(/^[\w-]{43}$/);
    expect(pretendAccount('kakao', '이메일없음', null).id).not.toBe(pretendAccount('kakao', '다른사람', null).id);
  });

  it('checks the client and its registered callback before the consent screen', () => {
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({ response_type: 'code', client_id: 'ritual-local-kakao', redirect_uri: callback, state: 's1', ...extra });
    expect(checkAuthorizationRequest('kakao', callback, query({}))).toEqual({
      ok: true,
      request: { provider: 'kakao', clientId: 'ritual-local-kakao', redirectUri: callback, state: 's1' },
    });
    expect(checkAuthorizationRequest('kakao', callback, query({ client_id: 'ritual-local-naver' }))).toMatchObject({ ok: false, field: 'client_id' });
    expect(checkAuthorizationRequest('kakao', callback, query({ redirect_uri: 'https://evil.example/cb' }))).toMatchObject({ ok: false, field: 'redirect_uri' });
    expect(checkAuthorizationRequest('kakao', callback, query({ response_type: 'token' }))).toMatchObject({ ok: false, field: 'response_type' });
  });

  it('redeems its own codes within five minutes, and nothing forged, expired or meant as a token', () => {
    const now = new Date('2026-11-20T03:00:00Z');
    const code = issueCode(key, grant, now);
    expect(redeemCode(key, code, new Date(now.getTime() + 299_000))).toMatchObject(grant);
    expect(redeemCode(key, code, new Date(now.getTime() + 300_000))).toBeNull();
    expect(redeemCode('another-key-0123456789-0123456789-01234', code, now)).toBeNull();
    const [body, signature] = code.split('.');
    const forged = Buffer.from(JSON.stringify({ ...grant, account: { ...account, email: 'admin@example.com' }, exp: 9e9 })).toString('base64url');
    expect(redeemCode(key, `${forged}.${signature}`, now)).toBeNull();
    expect(redeemCode(key, `${body}.${signature}x`, now)).toBeNull();
    expect(redeemCode(key, 'not-a-code', now)).toBeNull();
    expect(readAccessToken(key, code, now)).toBeNull();

    const token = issueAccessToken(key, grant, now);
    expect(readAccessToken(key, token, now)).toMatchObject({ provider: 'kakao', clientId: 'ritual-local-kakao', account });
    expect(readAccessToken(key, token, new Date(now.getTime() + 3_600_000))).toBeNull();
    expect(redeemCode(key, token, now)).toBeNull();
  });
});
