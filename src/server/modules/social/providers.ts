import { createPrivateKey, sign } from 'node:crypto';
import type { SocialProvider } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import type { ProviderSettings, SocialSettings } from './provider-settings.ts';
import { standInSettings } from './stand-in.ts';

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  kakao: '카카오',
  naver: '네이버',
  google: 'Google',
  apple: 'Apple',
};

/** Where a provider sends the browser back: registered with the provider as the app's redirect URI. */
export const socialCallbackUrl = (appUrl: string, provider: SocialProvider): string =>
  new URL(`/login/${provider}/callback`, appUrl).toString();

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Apple's client secret: an ES256 token naming the team, the key and the services id. */
export function appleClientSecret(teamId: string, keyId: string, clientId: string, privateKeyPem: string, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: keyId }));
  const payload = base64url(
    JSON.stringify({ iss: teamId, iat: issuedAt, exp: issuedAt + 300, aud: 'https://appleid.apple.com', sub: clientId }),
  );
  const key = createPrivateKey(privateKeyPem.replace(/\\n/g, '\n'));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${base64url(signature)}`;
}

interface SecretProvider {
  clientId: string | undefined;
  clientSecret: string | undefined;
  endpoints: [authorize: string, token: string, userinfo: string];
  scopes: string[];
  pkce: boolean;
}

/** Kakao, Naver and Google: a client id and a fixed secret; Apple's signed secret differs. */
function secretProvider(provider: SocialProvider, settings: SecretProvider): ProviderSettings | undefined {
  if (!settings.clientId) return undefined;
  const secret = settings.clientSecret ?? '';
  const [authorizeUrl, tokenUrl, userinfoUrl] = settings.endpoints;
  return {
    provider,
    clientId: settings.clientId,
    clientSecret: () => secret,
    authorizeUrl,
    tokenUrl,
    userinfoUrl,
    scopes: settings.scopes,
    pkce: settings.pkce,
    formPost: false,
  };
}

const KAKAO_SCOPES = ['profile_nickname', 'profile_image', 'account_email'];

export function socialSettingsFromEnv(env: Env): SocialSettings {
  // Keys win; without them Kakao and Naver are this site's stand-in where SOCIAL_STAND_IN allows it
  // (never in production: src/server/env.ts refuses it there).
  const standIn = (provider: 'kakao' | 'naver', scopes: string[]) =>
    env.SOCIAL_STAND_IN ? standInSettings(provider, env, scopes) : undefined;
  const candidates: SocialSettings = {
    kakao:
      secretProvider('kakao', {
        clientId: env.KAKAO_CLIENT_ID,
        clientSecret: env.KAKAO_CLIENT_SECRET,
        endpoints: [env.KAKAO_AUTHORIZE_URL, env.KAKAO_TOKEN_URL, env.KAKAO_USERINFO_URL],
        scopes: KAKAO_SCOPES,
        pkce: false,
      }) ?? standIn('kakao', KAKAO_SCOPES),
    naver:
      secretProvider('naver', {
        clientId: env.NAVER_CLIENT_ID,
        clientSecret: env.NAVER_CLIENT_SECRET,
        endpoints: [env.NAVER_AUTHORIZE_URL, env.NAVER_TOKEN_URL, env.NAVER_USERINFO_URL],
        scopes: [],
        pkce: false,
      }) ?? standIn('naver', []),
    google: secretProvider('google', {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      endpoints: [env.GOOGLE_AUTHORIZE_URL, env.GOOGLE_TOKEN_URL, env.GOOGLE_USERINFO_URL],
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    }),
  };
  // Unconfigured providers are left out, so the login page lists exactly the working ones.
  const settings: SocialSettings = Object.fromEntries(Object.entries(candidates).filter(([, value]) => value));
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    const { APPLE_CLIENT_ID: clientId, APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: key } = env;
    settings.apple = {
      provider: 'apple',
      clientId,
      clientSecret: () => appleClientSecret(teamId, keyId, clientId, key),
      authorizeUrl: env.APPLE_AUTHORIZE_URL,
      tokenUrl: env.APPLE_TOKEN_URL,
      userinfoUrl: null,
      scopes: ['name', 'email'],
      pkce: false,
      formPost: true,
    };
  }
  return settings;
}
