import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';
import { E2E_OAUTH_PORT, E2E_SERVERS, E2E_WORKERS, dataDirOf, portOf, urlOf } from './tests/e2e/servers.ts';
import type { E2EServer } from './tests/e2e/servers.ts';

// The system Chromium (Debian's package), never a downloaded browser.
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * Each server of each worker's set gets its own port, embedded database and files, and the
 * settings it is there to show.
 */
const webServer = Array.from({ length: E2E_WORKERS }, (_, set) =>
  Object.entries(E2E_SERVERS).map(([name, { env }]) => {
    const port = portOf(name as E2EServer, set);
    const data = dataDirOf(set);
    return {
      command: `node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ')}`,
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        DATABASE_URL: `file://${join(mkdtempSync(join(tmpdir(), 'ritual-e2e-')), 'db')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        MAIL_OUTBOX_DIR: `${data}/mail`,
        SMS_OUTBOX_DIR: `${data}/sms`,
        PUSH_OUTBOX_DIR: `${data}/push`,
        KAKAO_OUTBOX_DIR: `${data}/kakao`,
        STORAGE_LOCAL_DIR: `${data}/uploads`,
        EXPORTS_DIR: `${data}/exports`,
        ...env,
      },
    };
  }),
).flat();

// A local OAuth 2.0 provider for the social sign-in tests.
const oauthProvider = {
  command: 'npx tsx tests/e2e/oauth-provider.ts',
  url: `http://127.0.0.1:${E2E_OAUTH_PORT}/health`,
  timeout: 60_000,
  reuseExistingServer: false,
};

/**
 * Members live on phones, so every spec runs at 375 px. A spec runs at desktop width as well when
 * the width changes what it drives: the header's menu against the bottom tab bar, the bell's
 * dropdown against its link, the buy bar in the page against fixed to the bottom, the cart's and
 * the checkout's two columns, the programme calendar beside its list, the hero's arrows, the
 * console's sidebar and its create and save buttons. The other specs drive the same DOM at both
 * widths, and ran twice for nothing (a fifth of CI's time).
 */
const WIDTH_DEPENDENT_SPECS = ['admin', 'admin-orders', 'admin-rituals', 'admin-square', 'checkout', 'home', 'notifications', 'program', 'room-progress', 'shell', 'store'];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers, each against its own servers (servers.ts): specs share the demo members, and two
  // side by side on one database collide (the console's order journey emptied member4's cart under
  // the store's journey). A test mostly waits on its page; a worker kept the two cores 74 % busy.
  workers: E2E_WORKERS,
  // Twice Playwright's default time for a test and an assertion, for a loaded machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    // The worker's own main server: Playwright loads this file again in each worker.
    baseURL: urlOf('main', ''),
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    // The site's service worker stays out of the way of what the specs watch and route (a page's
    // requests, its console); tests/e2e/pwa.spec.ts lets it in and tests it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testMatch: WIDTH_DEPENDENT_SPECS.map((name) => `**/${name}.spec.ts`),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    { name: 'mobile', use: { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true, launchOptions: chromium } },
  ],
  webServer: [...webServer, oauthProvider],
});
