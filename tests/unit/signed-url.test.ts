import { describe, expect, it } from 'vitest';
import { signUrl, verifySignedUrl } from '../../src/server/http/signed-url.ts';

const KEY = 'k'.repeat(32);
const NOW = new Date('2026-03-01T09:00:00Z');
const IN_AN_HOUR = new Date(NOW.getTime() + 60 * 60 * 1000);

const signed = (href = 'https://ritual.example/email/verify/42/abc?lang=ko'): URL =>
  new URL(signUrl(new URL(href), KEY, IN_AN_HOUR));

describe('signed URLs', () => {
  it('adds expires in unix seconds and a hex signature, and verifies as valid', () => {
    const url = signed();
    expect(url.searchParams.get('expires')).toBe(String(IN_AN_HOUR.getTime() / 1000));
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('lang')).toBe('ko');
    expect(verifySignedUrl(url, KEY, NOW)).toBe('valid');
  });

  it('is expired from the second it names, and only then', () => {
    const url = signed();
    expect(verifySignedUrl(url, KEY, new Date(IN_AN_HOUR.getTime() - 1))).toBe('valid');
    expect(verifySignedUrl(url, KEY, IN_AN_HOUR)).toBe('expired');
    expect(verifySignedUrl(url, KEY, new Date(IN_AN_HOUR.getTime() + 86_400_000))).toBe('expired');
  });

  it('is invalid when the path changes', () => {
    const url = signed();
    url.pathname = '/email/verify/43/abc';
    expect(verifySignedUrl(url, KEY, NOW)).toBe('invalid');
  });

  it('is invalid when a parameter is changed, added or removed, expires included', () => {
    const changed = signed();
    changed.searchParams.set('lang', 'en');
    const added = signed();
    added.searchParams.append('admin', '1');
    const removed = signed();
    removed.searchParams.delete('lang');
    const later = signed();
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    const repeated = signed();
    repeated.searchParams.append('lang', 'ko');
    for (const url of [changed, added, removed, later, repeated]) {
      expect(verifySignedUrl(url, KEY, NOW), url.href).toBe('invalid');
    }
    // An expired link whose expiry is pushed back is invalid, not valid again.
    expect(verifySignedUrl(later, KEY, new Date(IN_AN_HOUR.getTime() + 1000))).toBe('invalid');
  });

  it('is invalid when the signature is altered, shortened or repeated', () => {
    const url = signed();
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = signed();
    flipped.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const short = signed();
    short.searchParams.set('signature', signature.slice(0, 10));
    const upper = signed();
    upper.searchParams.set('signature', signature.toUpperCase());
    const twice = signed();
    twice.searchParams.append('signature', signature);
    for (const tampered of [flipped, short, upper, twice]) {
      expect(verifySignedUrl(tampered, KEY, NOW), tampered.href).toBe('invalid');
    }
  });

  it('is invalid without its signature or its expiry', () => {
    const noSignature = signed();
    noSignature.searchParams.delete('signature');
    const noExpiry = signed();
    noExpiry.searchParams.delete('expires');
    expect(verifySignedUrl(noSignature, KEY, NOW)).toBe('invalid');
    expect(verifySignedUrl(noExpiry, KEY, NOW)).toBe('invalid');
    expect(verifySignedUrl(new URL('https://ritual.example/email/verify/42/abc'), KEY, NOW)).toBe('invalid');
  });

  it('is invalid under another key, even once expired', () => {
    const url = signed();
    expect(verifySignedUrl(url, 'x'.repeat(32), NOW)).toBe('invalid');
    expect(verifySignedUrl(url, 'x'.repeat(32), new Date(IN_AN_HOUR.getTime() + 1000))).toBe('invalid');
  });

  it('signs the same parameters in any order to the same signature, and survives reordering', () => {
    const a = signed('https://ritual.example/v?b=2&a=1&a=0');
    const b = signed('https://ritual.example/v?a=0&a=1&b=2');
    expect(a.searchParams.get('signature')).toBe(b.searchParams.get('signature'));
    const reordered = new URL(`https://ritual.example/v?${[...a.searchParams].reverse().map(([k, v]) => `${k}=${v}`).join('&')}`);
    expect(verifySignedUrl(reordered, KEY, NOW)).toBe('valid');
  });

  it('replaces a signature already on the URL, and ignores the origin it is verified under', () => {
    const again = new URL(signUrl(signed(), KEY, IN_AN_HOUR));
    expect(again.searchParams.getAll('signature')).toHaveLength(1);
    expect(verifySignedUrl(again, KEY, NOW)).toBe('valid');
    // Behind a proxy the server sees its own host and scheme, not APP_URL's.
    const internal = new URL(`${again.pathname}${again.search}`, 'http://127.0.0.1:4321');
    expect(verifySignedUrl(internal, KEY, NOW)).toBe('valid');
  });
});
