import { decodeIdToken } from 'arctic';
import type { OAuth2Tokens } from 'arctic';
import type { ProviderSettings } from './provider-settings.ts';

/** What the sign-in needs to know of a provider's account. */
export interface SocialProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  nickname: string | null;
  profileImage: string | null;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const object = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

async function userinfo(settings: ProviderSettings, accessToken: string): Promise<Json> {
  const response = await fetch(settings.userinfoUrl!, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`${settings.provider} userinfo answered ${response.status}`);
  return object(await response.json());
}

/**
 * Reads the account from each provider's own shape of answer. The stand-in vouches for no
 * address: anyone can type anyone's e-mail on its consent page, so it never opens a member's
 * account by their address.
 */
export async function fetchSocialProfile(
  settings: ProviderSettings,
  tokens: OAuth2Tokens,
  appleUser: string | undefined,
): Promise<SocialProfile> {
  const profile = await providerProfile(settings, tokens, appleUser);
  return settings.standIn ? { ...profile, emailVerified: false } : profile;
}

async function providerProfile(settings: ProviderSettings, tokens: OAuth2Tokens, appleUser: string | undefined): Promise<SocialProfile> {
  if (settings.provider === 'apple') {
    // Apple has no userinfo endpoint: the ID token came straight from its token endpoint over TLS.
    const claims = object(decodeIdToken(tokens.idToken()));
    const name = object(object(safeJson(appleUser)).name);
    const fullName = [text(name.lastName), text(name.firstName)].filter(Boolean).join('');
    return {
      providerUserId: String(claims.sub),
      email: text(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      nickname: fullName || null,
      profileImage: null,
    };
  }
  const data = await userinfo(settings, tokens.accessToken());
  if (settings.provider === 'kakao') {
    const account = object(data.kakao_account);
    const profile = object(account.profile);
    return {
      providerUserId: String(data.id),
      email: text(account.email),
      emailVerified: account.is_email_verified === true,
      nickname: text(profile.nickname),
      profileImage: text(profile.profile_image_url),
    };
  }
  if (settings.provider === 'naver') {
    const response = object(data.response);
    return {
      providerUserId: String(response.id),
      email: text(response.email),
      // Naver hands out only addresses it has confirmed.
      emailVerified: text(response.email) !== null,
      nickname: text(response.nickname),
      profileImage: text(response.profile_image),
    };
  }
  return {
    providerUserId: String(data.sub),
    email: text(data.email),
    emailVerified: data.email_verified === true,
    nickname: text(data.name),
    profileImage: text(data.picture),
  };
}

function safeJson(value: string | undefined): unknown {
  try {
    return value ? JSON.parse(value) : null;
  } catch {
    return null;
  }
}
