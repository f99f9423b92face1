import { describe, expect, it } from 'vitest';
import { isAuthOnly, isGuestOnly, pageRedirect, safeRedirect } from '../../src/lib/page-guards.ts';

const guest = { signedIn: false, emailVerified: false, agreedToTerms: false };
const member = { signedIn: true, emailVerified: true, agreedToTerms: true };
const unverified = { ...member, emailVerified: false };
const noTerms = { ...member, agreedToTerms: false };

describe('page guards', () => {
  it('sends a guest from a member page to /login, remembering where they were', () => {
    expect(pageRedirect('/mypage/coupon', '?tab=used', guest, '/')).toBe('/login?redirect=%2Fmypage%2Fcoupon%3Ftab%3Dused');
    for (const path of ['/notification', '/saved/square', '/cart', '/inquiry/create', '/compose/post', '/room/3/12']) {
      expect(pageRedirect(path, '', guest, '/')).toMatch(/^\/login\?redirect=/);
    }
  });

  it('lets a guest read public pages, the room guide and the verification page', () => {
    for (const path of ['/', '/square', '/explorer', '/profile/member1', '/room/howto', '/verify-email', '/login', '/register']) {
      expect(pageRedirect(path, '', guest, '/')).toBeNull();
    }
  });

  it('sends a member away from guest-only pages to the configured page', () => {
    for (const path of ['/login', '/login/email', '/register', '/forgot-password', '/reset-password']) {
      expect(pageRedirect(path, '', member, '/explorer')).toBe('/explorer');
    }
    expect(pageRedirect('/mypage', '', member, '/')).toBeNull();
  });

  it('sends an unverified member to /verify-email from member pages only', () => {
    expect(pageRedirect('/mypage', '', unverified, '/')).toBe('/verify-email');
    expect(pageRedirect('/', '', unverified, '/')).toBeNull();
    expect(pageRedirect('/verify-email', '', unverified, '/')).toBeNull();
  });

  it('keeps a member who has not agreed to the terms on /register/sns, except terms pages', () => {
    expect(pageRedirect('/', '', noTerms, '/')).toBe('/register/sns');
    expect(pageRedirect('/square', '', noTerms, '/')).toBe('/register/sns');
    expect(pageRedirect('/register/sns', '', noTerms, '/')).toBeNull();
    expect(pageRedirect('/terms/privacy', '', noTerms, '/')).toBeNull();
  });

  it('classifies paths by segment, not by prefix text', () => {
    expect(isAuthOnly('/mypages')).toBe(false);
    expect(isAuthOnly('/register/sns')).toBe(true);
    expect(isGuestOnly('/register/sns')).toBe(false);
    expect(isGuestOnly('/registered')).toBe(false);
  });

  it('accepts only a path of this site as the place to return to', () => {
    const site = 'https://ritual.example';
    expect(safeRedirect('/mypage?x=1#top', site)).toBe('/mypage?x=1#top');
    expect(safeRedirect('https://ritual.example/square/free/3', site)).toBe('/square/free/3');
    expect(safeRedirect('/square/../mypage', site)).toBe('/mypage');
    const bypasses = [
      'https://evil.example',
      'http://ritual.example/mypage',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example/x',
      '/..//evil.example/x',
      '/%2e//evil.example/x',
      '/%2E%2E//evil.example/x',
      '/./\\evil.example',
      '/square/..//evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      '',
      null,
      undefined,
    ];
    for (const bad of bypasses) expect(safeRedirect(bad, site), String(bad)).toBe('/');
    // What is accepted is a path the browser keeps on this site, judged the same way a second time.
    for (const value of ['/a', '/a/..//b', '/%2e/x', '/x//y']) {
      const kept = safeRedirect(value, site);
      expect(new URL(kept, 'https://another.example').origin, value).toBe('https://another.example');
    }
  });
});
