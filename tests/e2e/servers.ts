export const E2E_OAUTH_PORT = 4398;
const oauth = `http://127.0.0.1:${E2E_OAUTH_PORT}`;

/** The servers the end-to-end tests run against (playwright.config.ts starts them). */
export const E2E_SERVERS = {
  main: {
    port: 4391,
    // The API helpers sign members up as if from their own addresses, through a proxy on this
    // machine (members.ts): one address for the whole suite would meet the sign-up limit.
    // Exports are built every 2 seconds, so that a member's export is ready while the spec waits.
    env: { SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/ritual.example', TRUST_PROXY: 'loopback', EXPORT_INTERVAL_SECONDS: '2' },
  },
  configured: {
    port: 4392,
    env: {
      CHANNEL_TALK_PLUGIN_KEY: 'e2e-plugin-key',
      GA4_MEASUREMENT_ID: 'G-E2ETEST1',
      META_PIXEL_ID: '1234567890',
      KAKAO_PIXEL_ID: '987654321',
      APP_URL: 'http://127.0.0.1:4392',
      KAKAO_CLIENT_ID: 'kakao-client',
      KAKAO_CLIENT_SECRET: 'kakao-secret',
      KAKAO_AUTHORIZE_URL: `${oauth}/kakao/authorize`,
      KAKAO_TOKEN_URL: `${oauth}/kakao/token`,
      KAKAO_USERINFO_URL: `${oauth}/kakao/userinfo`,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTHORIZE_URL: `${oauth}/google/authorize`,
      GOOGLE_TOKEN_URL: `${oauth}/google/token`,
      GOOGLE_USERINFO_URL: `${oauth}/google/userinfo`,
    },
  },
  maintenance: { port: 4393, env: { MAINTENANCE_MODE: 'true' } },
} as const;

export const urlOf = (server: keyof typeof E2E_SERVERS, path: string): string =>
  `http://127.0.0.1:${E2E_SERVERS[server].port}${path}`;
