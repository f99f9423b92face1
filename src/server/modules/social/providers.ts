import { createPrivateKey, sign } from 'node:crypto';
import type { SocialProvider } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';

export interface ProviderSettings {
  provider: SocialProvider;
  clientId: string;
  /** Apple's secret is a short-lived token signed with the team's key, made per request. */
  clientSecret: () => string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string | null;
  scopes: string[];
  /** Google takes PKCE; Kakao, Naver and Apple rely on the client secret alone. */
  pkce: boolean;
  /** Apple posts the answer back as a form when names or e-mail are asked for. */
  formPost: boolean;
}

export type SocialSettings = Partial<Record<SocialProvider, ProviderSettings>>;

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  kakao: '카카오',
  naver: '네이버',
  google: 'Google',
  apple: 'Apple',
};

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

export function socialSettingsFromEnv(env: Env): SocialSettings {
  const settings: SocialSettings = {};
  if (env.KAKAO_CLIENT_ID) {
    const secret = env.KAKAO_CLIENT_SECRET ?? '';
    settings.kakao = {
      provider: 'kakao',
      clientId: env.KAKAO_CLIENT_ID,
      clientSecret: () => secret,
      authorizeUrl: env.KAKAO_AUTHORIZE_URL,
      tokenUrl: env.KAKAO_TOKEN_URL,
      userinfoUrl: env.KAKAO_USERINFO_URL,
      scopes: ['profile_nickname', 'profile_image', 'account_email'],
      pkce: false,
      formPost: false,
    };
  }
  if (env.NAVER_CLIENT_ID) {
    const secret = env.NAVER_CLIENT_SECRET ?? '';
    settings.naver = {
      provider: 'naver',
      clientId: env.NAVER_CLIENT_ID,
      clientSecret: () => secret,
      authorizeUrl: env.NAVER_AUTHORIZE_URL,
      tokenUrl: env.NAVER_TOKEN_URL,
      userinfoUrl: env.NAVER_USERINFO_URL,
      scopes: [],
      pkce: false,
      formPost: false,
    };
  }
  if (env.GOOGLE_CLIENT_ID) {
    const secret = env.GOOGLE_CLIENT_SECRET ?? '';
    settings.google = {
      provider: 'google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: () => secret,
      authorizeUrl: env.GOOGLE_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userinfoUrl: env.GOOGLE_USERINFO_URL,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      formPost: false,
    };
  }
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
