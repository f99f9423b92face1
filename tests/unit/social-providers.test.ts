import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { socialSettingsFromEnv } from '../../src/server/modules/social/providers.ts';

describe('social providers from configuration', () => {
  it('offers exactly the providers with a client id, with their endpoints, scopes and PKCE', () => {
    const settings = socialSettingsFromEnv(
      parseEnv({
        KAKAO_CLIENT_ID: 'k',
        KAKAO_CLIENT_SECRET: 'ks',
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
        SOCIAL_STAND_IN: 'false',
      }),
    );
    expect(Object.keys(settings)).toEqual(['kakao', 'google']);
    expect(settings.kakao).toMatchObject({ clientId: 'k', pkce: false, formPost: false, authorizeUrl: 'https://kauth.kakao.com/oauth/authorize' });
    expect(settings.kakao?.clientSecret()).toBe('ks');
    expect(settings.google).toMatchObject({ pkce: true, tokenUrl: 'http://127.0.0.1:9/token', scopes: ['openid', 'email', 'profile'] });
    expect(socialSettingsFromEnv(parseEnv({ SOCIAL_STAND_IN: 'false' }))).toEqual({});
  });
});
