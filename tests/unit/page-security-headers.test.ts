import { describe, expect, it } from 'vitest';
import { NO_DOCUMENT_POLICY, pageSecurityHeaders } from '../../src/server/http/security-headers.ts';

const setHeaders = pageSecurityHeaders({
  appUrl: 'http://localhost:4321',
  publicApiUrl: undefined,
  storagePublicUrl: undefined,
  site: { channelTalkPluginKey: undefined, tracking: { ga4: undefined, metaPixel: undefined, kakaoPixel: undefined } },
});

const policyOf = (response: Response): string | null => {
  setHeaders(response, false);
  return response.headers.get('Content-Security-Policy');
};

describe('the security headers of a page', () => {
  it("merge ours into the policy Astro wrote for the page's scripts", () => {
    const page = new Response('<!doctype html>', { headers: { 'Content-Security-Policy': "script-src 'self' 'sha256-abc'" } });
    const policy = policyOf(page);
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("default-src 'self'");
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('give what is no page the policy that loads nothing', () => {
    expect(policyOf(new Response(null, { status: 302, headers: { Location: '/login' } }))).toBe(NO_DOCUMENT_POLICY);
    expect(policyOf(new Response('User-agent: *', { headers: { 'Content-Type': 'text/plain' } }))).toBe(NO_DOCUMENT_POLICY);
  });

  it("leave an empty 404 or 500 without one: Astro answers it with the error page, whose own policy it would override", () => {
    for (const status of [404, 500]) {
      const empty = new Response(null, { status });
      expect(policyOf(empty), String(status)).toBeNull();
      expect(empty.headers.get('X-Content-Type-Options'), String(status)).toBe('nosniff');
    }
  });
});
