/** Member pages, account pages and the API: nothing there for a search engine to read. */
const DISALLOWED = ['/api/', '/mypage', '/notification', '/saved', '/inquiry', '/login', '/register', '/verify-email', '/compose', '/cart', '/checkout'];

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', appUrl).toString()}`,
    '',
  ].join('\n');
}
