import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';
import { urlOf } from './servers.ts';
import { signInAsMember } from './sign-in.ts';

// The installed app (API-CONVENTIONS.md, "Installable app and offline"). The other specs block
// service workers (playwright.config.ts); these let the site's worker in.
test.use({ serviceWorkers: 'allow' });

const HANGUL = /[\uAC00-\uD7A3]/;
const OFFLINE_TITLE = '인터넷 연결이 끊겼어요';
/** The built worker the e2e server hands out; read again for each request. */
const BUILT_WORKER = 'dist/client/sw.js';

/** Registration waits for the page's load and an idle moment, then the worker precaches the build. */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
}

/**
 * A guest who goes on from a first page to `path`, as following one of the site's links does: the
 * worker is registered from a guest's second page of the site on (wantsWorker, src/lib/service-worker.ts).
 */
async function browseAsGuest(page: Page, path: string): Promise<void> {
  await page.goto('/about');
  await Promise.all([page.waitForURL((url) => url.pathname === path), page.evaluate((to) => window.location.assign(to), path)]);
}

const cacheNames = (page: Page): Promise<string[]> => page.evaluate(() => caches.keys());

/** Every URL kept in any of the browser's caches for this site. */
const cachedUrls = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest names the app in Korean, opens /today in its own window and has its icons', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
  expect(manifest).toMatchObject({ lang: 'ko', start_url: '/today', scope: '/', display: 'standalone', theme_color: '#ffffff', background_color: '#ffffff' });
  expect(manifest['name']).toMatch(HANGUL);
  expect(manifest['short_name']).toMatch(HANGUL);
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
  }

  // Every page links it, with the same colour for the browser's bar and an icon for iOS.
  for (const path of ['/', '/square', '/login', '/maintenance']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]'), path).toHaveAttribute('content', '#ffffff');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await request.get(touchIcon!)).status()).toBe(200);
  }
});

test('during maintenance the manifest and the offline page still answer, so a new worker keeps the right page', async ({ request }) => {
  expect((await request.get(urlOf('maintenance', '/manifest.webmanifest'))).status()).toBe(200);
  const offline = await request.get(urlOf('maintenance', '/offline'), { maxRedirects: 0 });
  expect(offline.status()).toBe(200);
  expect(await offline.text()).toContain(OFFLINE_TITLE);
  expect((await request.get(urlOf('maintenance', '/square'), { maxRedirects: 0 })).status()).toBe(302);
});

test('the home page is installable: Chromium finds nothing missing', async ({ playwright, baseURL }, testInfo) => {
  // Chromium installs nothing from a private window, which is what a test's context is; a profile
  // on disk is a browser as people have it.
  const profile = mkdtempSync(join(tmpdir(), 'ritual-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await browseAsGuest(page, '/');
    await waitForWorker(page);
    const cdp = await context.newCDPSession(page);
    // The manifest and its icons are fetched when asked for; the list is empty only once they are.
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 20_000 })
      .toEqual([]);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(new URL('/', page.url()).href);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the worker runs under a policy that lets it reach only this site, and is asked for afresh', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('javascript');
  expect(res.headers()['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
  expect(res.headers()['cache-control']).toBe('no-cache');
});

test('a guest\'s first page registers no worker and downloads no precache; the next page of the site does', async ({ page }) => {
  // What the worker fetches itself: its precache, as Chromium reports a worker's requests.
  const precached: string[] = [];
  page.context().on('request', (request) => {
    if (request.serviceWorker()) precached.push(request.url());
  });
  await page.goto('/square');
  // The page registers in an idle callback after load; one queued after it runs once it has.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1_000), { timeout: 5_000 })));
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
  expect(await cacheNames(page)).toEqual([]);
  expect(precached).toEqual([]);

  await Promise.all([page.waitForURL(/\/faq$/), page.getByRole('link', { name: '자주 묻는 질문' }).first().click()]);
  await waitForWorker(page);
  expect((await cacheNames(page)).some((name) => name.startsWith('ritual-precache-'))).toBe(true);
  expect(precached.some((url) => new URL(url).pathname.startsWith('/_astro/'))).toBe(true);
});

test('offline, a page never visited shows the Korean offline page, which brings the page back once online', async ({ page, context }) => {
  await browseAsGuest(page, '/');
  await waitForWorker(page);
  await context.setOffline(true);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  await expect(page).toHaveURL(/\/faq$/);
  const retry = page.getByRole('button', { name: '다시 시도' });
  await expect(retry).toBeVisible();
  // Styled from the precache: the site's own button, not the browser's grey one.
  await expect(retry).toHaveCSS('background-color', 'rgb(194, 65, 12)');
  expect(await seriousViolations(page)).toEqual([]);

  // Still offline, 다시 시도 tries the page again and lands on the offline page again.
  await retry.click();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();

  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
  // Chromium's emulated network changes navigator.onLine but sends no `online` event; a phone
  // coming back to its network does, and the page listens for it.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toHaveCount(0);
  await expect(page).toHaveTitle(/자주 묻는 질문/);
});

test('a member\'s pages and API answers are never kept in a cache', async ({ page }) => {
  await signInAsMember(page);
  await page.goto('/mypage');
  await waitForWorker(page);
  // Member pages and the API, read while the worker controls the page.
  await page.goto('/notification');
  await page.evaluate(() => fetch('/api/cart-items').then((res) => res.text()));
  await page.goto('/mypage');
  const urls = await cachedUrls(page);
  expect(urls).toContain('/offline');
  expect(urls.some((url) => url.startsWith('/_astro/'))).toBe(true);
  const notBuildFiles = urls.filter((url) => !/^\/(_astro\/|offline$|favicon\.svg$|icons\/)/.test(url));
  expect(notBuildFiles).toEqual([]);
  // Only staff load the console and only a member writing the editor: a guest's phone is spared them.
  expect(urls.filter((url) => /^\/_astro\/(AdminConsole|editor)\./.test(url))).toEqual([]);
  expect(urls.some((url) => /^\/_astro\/pretendard-korean\./.test(url))).toBe(true);
  expect(await cacheNames(page)).toEqual([expect.stringMatching(/^ritual-precache-/)]);
  // The offline page was fetched as a guest: it names no member.
  const offline = await page.evaluate(async () => {
    const name = (await caches.keys())[0]!;
    const cache = await caches.open(name);
    const hit = (await cache.keys()).find((request) => new URL(request.url).pathname === '/offline')!;
    return (await cache.match(hit))!.text();
  });
  expect(offline).toContain(OFFLINE_TITLE);
  expect(offline).toContain('data-account');
  expect(offline).not.toMatch(/data-account="\d+"/);
});

test('signing out and another account signing in empty the caches that could hold a member\'s data', async ({ page }) => {
  await signInAsMember(page, 'member1@example.com');
  await page.goto('/mypage');
  await waitForWorker(page);
  // What a later feature might keep for a member (sent later, say): it must not outlive the account.
  const keep = () => page.evaluate(async () => (await caches.open('ritual-member-data')).put('/kept-for-member', new Response('member1')));
  const memberCacheGone = () => expect.poll(() => cacheNames(page), { timeout: 15_000 }).not.toContain('ritual-member-data');
  await keep();

  // Another member signs in on the same browser without signing out first.
  await signInAsMember(page, 'member2@example.com');
  await page.goto('/mypage');
  await memberCacheGone();
  expect((await cacheNames(page)).some((name) => name.startsWith('ritual-precache-'))).toBe(true);

  // Signing out from my page clears them before the home page opens.
  await keep();
  await page.getByRole('button', { name: '로그아웃' }).click();
  // Looked at as the home page arrives, long before its own script would compare accounts.
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
  expect(await cacheNames(page)).not.toContain('ritual-member-data');
});

test('a new version waits until the visitor chooses 새로고침', async ({ page }) => {
  await browseAsGuest(page, '/square');
  await waitForWorker(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  const built = readFileSync(BUILT_WORKER, 'utf8');
  const notice = page.getByText('새 버전이 있어요');
  await expect(notice).toBeHidden();
  try {
    // A deploy, as the browser sees it: /sw.js answers other bytes.
    writeFileSync(BUILT_WORKER, `${built}\n// e2e: a new version ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect(notice).toBeVisible({ timeout: 30_000 });
    // Nothing was swapped under the page while it waited.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting !== null))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '새로고침' }).click();
    await reloaded;
  } finally {
    writeFileSync(BUILT_WORKER, built);
  }
  await waitForWorker(page);
  await expect(notice).toBeHidden();
  const registration = await page.evaluate(async () => {
    const r = (await navigator.serviceWorker.getRegistration())!;
    return { waiting: r.waiting !== null, active: r.active?.scriptURL };
  });
  expect(registration).toEqual({ waiting: false, active: first });
});
