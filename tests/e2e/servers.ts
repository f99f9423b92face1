export const E2E_OAUTH_PORT = 4398;
const oauth = `http://127.0.0.1:${E2E_OAUTH_PORT}`;

/**
 * Playwright's workers, each with a set of the servers below of its own: a database, uploads and
 * outboxes of its own, so that the specs two workers run side by side never share a demo member.
 */
export const E2E_WORKERS = 2;

/** The ports of set n are those of set 0 plus 10 × n. */
const SET_PORT_STEP = 10;

/**
 * The set of the worker this runs in: Playwright's own variable, which it sets in each worker
 * before loading the config and the specs (the server's settings are not the place for it).
 */
// eslint-disable-next-line no-restricted-properties
const currentSet = (): number => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The servers the end-to-end tests run against (playwright.config.ts starts a set per worker). */
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

export type E2EServer = keyof typeof E2E_SERVERS;

export const portOf = (server: E2EServer, set = currentSet()): number => E2E_SERVERS[server].port + SET_PORT_STEP * set;

export const urlOf = (server: E2EServer, path: string): string => `http://127.0.0.1:${portOf(server)}${path}`;

/** Where set n's servers keep their files (relative to the repository, the servers' directory). */
export const dataDirOf = (set = currentSet()): string => `.data/e2e-${set}`;
