import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_DESCRIPTION } from '../../src/lib/seo.ts';
import { E2E_SERVERS, urlOf } from './servers.ts';

// The main server sets no APP_URL, so the site's address is where it listens (src/server/env.ts).
// That a canonical URL is never built from the request's Host is tested below with another Host.
const APP_URL = urlOf('main', '');
const INSTAGRAM = E2E_SERVERS.main.env.SOCIAL_INSTAGRAM_URL;

type JsonLd = Record<string, unknown>;

const content = (page: Page, selector: string) => page.locator(selector).getAttribute('content');

async function jsonLdOf(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as JsonLd);
}

/** The first notice linked from the list, as a reader would open it. */
async function firstNoticePath(page: Page): Promise<string> {
  await page.goto('/notice');
  const href = await page.locator('main a[href^="/notice/"]').first().getAttribute('href');
  if (!href) throw new Error('the notice list links no notice');
  return href;
}

/** What every indexable page carries: title, description, canonical, Open Graph, Twitter, the organisation. */
async function expectSearchReadyHead(page: Page, path: string, ogType: 'website' | 'article') {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

  const title = await page.title();
  expect(title).toMatch(/리추얼$/);
  const description = await content(page, 'meta[name="description"]');
  expect(description?.length ?? 0).toBeGreaterThan(10);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  const canonical = `${APP_URL}${path}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  expect(await content(page, 'meta[property="og:url"]')).toBe(canonical);
  expect(await content(page, 'meta[property="og:type"]')).toBe(ogType);
  expect(await content(page, 'meta[property="og:site_name"]')).toBe('리추얼');
  expect(await content(page, 'meta[property="og:locale"]')).toBe('ko_KR');
  expect(await content(page, 'meta[property="og:title"]')).toBe(title);
  expect(await content(page, 'meta[property="og:description"]')).toBe(description);
  expect(await content(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await content(page, 'meta[name="twitter:title"]')).toBe(title);
  expect(await content(page, 'meta[name="twitter:description"]')).toBe(description);

  const image = await content(page, 'meta[property="og:image"]');
  expect(image).toMatch(new RegExp(`^${APP_URL}/`));
  expect(await content(page, 'meta[name="twitter:image"]')).toBe(image);

  const structured = await jsonLdOf(page);
  const organization = structured.find((data) => data['@type'] === 'Organization');
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    name: '리추얼',
    url: `${APP_URL}/`,
    logo: `${APP_URL}/images/logo.png`,
    sameAs: [INSTAGRAM],
  });
  return { title, description, image: image!, structured };
}

/** The share picture is served from this server, whatever origin APP_URL names. */
async function expectPicture(request: APIRequestContext, url: string, type: string) {
  const res = await request.get(new URL(url).pathname);
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toBe(type);
}

test.describe('what search engines and link previews read', () => {
  for (const path of ['/', '/notice', '/faq', '/terms/policy']) {
    test(`${path} has its title, description, canonical URL, share cards and the organisation`, async ({ page, request }) => {
      const { image } = await expectSearchReadyHead(page, path, 'website');
      // No page of these has a picture of its own: the default share picture, with its size.
      expect(image).toBe(`${APP_URL}/images/og-default.png`);
      expect(await content(page, 'meta[property="og:image:width"]')).toBe('1200');
      expect(await content(page, 'meta[property="og:image:height"]')).toBe('630');
      await expectPicture(request, image, 'image/png');
      await expectPicture(request, `${APP_URL}/images/logo.png`, 'image/png');
    });
  }

  test('a notice is an article, with its headline and dates in JSON-LD', async ({ page }) => {
    const path = await firstNoticePath(page);
    const { title, structured } = await expectSearchReadyHead(page, path, 'article');
    const article = structured.find((data) => data['@type'] === 'Article');
    const headline = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title).toBe(`${headline?.trim()} | 리추얼`);
    expect(article).toMatchObject({ headline: headline?.trim(), url: `${APP_URL}${path}`, inLanguage: 'ko-KR' });
    expect(Date.parse(String(article?.datePublished))).not.toBeNaN();
    expect(Date.parse(String(article?.dateModified))).toBeGreaterThanOrEqual(Date.parse(String(article?.datePublished)));
    expect(article?.publisher).toMatchObject({ '@id': `${APP_URL}/#organization`, name: '리추얼' });
  });

  test('the home page names the website', async ({ page }) => {
    await page.goto('/');
    expect((await jsonLdOf(page)).find((data) => data['@type'] === 'WebSite')).toMatchObject({ name: '리추얼', url: `${APP_URL}/` });
  });

  test('the canonical URL names the site, whatever Host the request came with', async ({ request }) => {
    const res = await request.get(urlOf('main', '/notice'), { headers: { Host: 'attacker.example' } });
    expect(await res.text()).toContain(`<link rel="canonical" href="${APP_URL}/notice"`);
  });

  test('the canonical URL keeps only the list page and the FAQ category', async ({ page }) => {
    await page.goto('/notice?page=2&utm_source=kakao');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${APP_URL}/notice?page=2`);
    await page.goto('/notice?page=1&fbclid=abc');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${APP_URL}/notice`);
    const category = await page.goto('/faq').then(() => page.locator('main a[href*="category="]').first().getAttribute('href'));
    expect(category).toBeTruthy();
    const slug = new URL(category!, APP_URL).searchParams.get('category')!;
    await page.goto(`/faq?category=${encodeURIComponent(slug)}&ref=footer`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${APP_URL}/faq?category=${encodeURIComponent(slug)}`);
  });

  for (const path of ['/login', '/login/email', '/register', '/verify-email', '/forgot-password', '/this-page-does-not-exist']) {
    test(`${path} asks search engines to leave it out`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      expect(await content(page, 'meta[name="description"]')).toBeTruthy();
    });
  }

  test('a page that says nothing about itself gets the site description', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    expect(await content(page, 'meta[name="description"]')).toBe(DEFAULT_DESCRIPTION);
    expect(await content(page, 'meta[property="og:description"]')).toBe(DEFAULT_DESCRIPTION);
  });

  test('Korean text is shown in Pretendard, fetched as one preloaded file', async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto('/faq');
    await expect(page.locator('head link[rel="preload"][as="font"][href*="pretendard-korean"]')).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].map((face) => `${face.family.replaceAll('"', '')} ${face.status}`)))
      .toEqual(['Pretendard Korean loaded']);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' });
    const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(used).toEqual([expect.objectContaining({ familyName: 'Pretendard Variable', isCustomFont: true })]);
    await page.waitForLoadState('networkidle');
    // One file: the dozen slices of the package's dynamic subset each laid the page out again.
    expect(fonts).toEqual([expect.stringContaining('/pretendard-korean.')]);
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test('the sitemap is valid XML listing the public pages and every published notice, each answering 200', async ({ page, request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers()['cache-control']).toBe('public, max-age=3600');
    const xml = await res.text();

    await page.goto('/notice');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.namespaceURI,
        urls: [...doc.getElementsByTagName('url')].map((url) => ({
          loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
          lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
        })),
      };
    }, xml);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');

    const paths = parsed.urls.map(({ loc }) => {
      expect(loc.startsWith(`${APP_URL}/`), loc).toBe(true);
      return new URL(loc).pathname;
    });
    for (const path of ['/', '/notice', '/faq', '/about', '/terms/policy', '/terms/privacy']) expect(paths).toContain(path);
    // Every notice on the list's first page is in the sitemap, with the day it last changed.
    const listed = await page.locator('main a[href^="/notice/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(listed.length).toBeGreaterThan(0);
    for (const href of listed) {
      const entry = parsed.urls.find(({ loc }) => new URL(loc).pathname === href);
      expect(entry?.lastmod, href!).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
  });

  test('robots.txt lets crawlers read the public pages and points at the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers()['cache-control']).toBe('public, max-age=3600');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/mypage', '/inquiry', '/login', '/register', '/verify-email', '/compose', '/cart']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /notice');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  test('both still answer while the service is down for maintenance', async ({ request }) => {
    const page = await request.get(urlOf('maintenance', '/notice'), { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    const robots = await request.get(urlOf('maintenance', '/robots.txt'), { maxRedirects: 0 });
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Sitemap: ');
    const sitemap = await request.get(urlOf('maintenance', '/sitemap.xml'), { maxRedirects: 0 });
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<urlset');
  });
});
