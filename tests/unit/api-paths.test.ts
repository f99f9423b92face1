import { describe, expect, it } from 'vitest';
import { isApiRequest } from '../../src/server/http/api-paths.ts';

describe('which requests belong to the API', () => {
  it('takes every method under /api, /v1, /healthz, /readyz, /metrics and /csrf-token', () => {
    for (const method of ['GET', 'POST', 'DELETE', 'OPTIONS']) {
      expect(isApiRequest(method, '/api/banners/current')).toBe(true);
      expect(isApiRequest(method, '/api')).toBe(true);
      expect(isApiRequest(method, '/v1/rituals')).toBe(true);
    }
    expect(isApiRequest('GET', '/healthz')).toBe(true);
    expect(isApiRequest('GET', '/readyz')).toBe(true);
    expect(isApiRequest('GET', '/metrics')).toBe(true);
    expect(isApiRequest('GET', '/metricsz')).toBe(false);
    expect(isApiRequest('GET', '/csrf-token')).toBe(true);
  });

  it('leaves /login and /register/sns to the pages on GET, and takes them on POST', () => {
    expect(isApiRequest('GET', '/login')).toBe(false);
    expect(isApiRequest('POST', '/login')).toBe(true);
    expect(isApiRequest('GET', '/register/sns')).toBe(false);
    // The weekly letter's unsubscribe link: a page that asks on GET, the one-click unsubscribe on POST.
    for (const path of ['/register', '/logout', '/forgot-password', '/reset-password', '/email/verification-notification', '/weekly-letter/unsubscribe']) {
      expect(isApiRequest('POST', path)).toBe(true);
      expect(isApiRequest('GET', path)).toBe(false);
    }
  });

  it('takes the social login redirects and callbacks, and the signed verification link', () => {
    expect(isApiRequest('GET', '/login/kakao')).toBe(true);
    expect(isApiRequest('GET', '/login/naver/callback')).toBe(true);
    expect(isApiRequest('POST', '/login/apple/callback')).toBe(true);
    expect(isApiRequest('GET', '/login/email')).toBe(false);
    expect(isApiRequest('GET', '/email/verify/12/abc')).toBe(true);
  });

  it('does not take pages that merely start alike', () => {
    for (const path of ['/', '/apis', '/api-guide', '/square', '/explorer', '/v12', '/notice/3']) {
      expect(isApiRequest('GET', path)).toBe(false);
    }
  });
});
