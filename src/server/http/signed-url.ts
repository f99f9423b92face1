import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Temporary signed links, as Laravel makes them (`URL::temporarySignedRoute`): the link carries
 * `expires` (unix seconds) and `signature`, an HMAC-SHA256 over the rest of the link, so that
 * a verification link in a mail can be trusted without a row in the database.
 */

export type SignedUrlStatus = 'valid' | 'expired' | 'invalid';

const EXPIRES = 'expires';
const SIGNATURE = 'signature';

/**
 * The text that is signed: the path and every parameter but the signature, sorted by name (and
 * by value for a repeated name), so that a client that reorders the query string does not break
 * the link, while any added, removed or changed parameter does. The origin is left out, as in
 * Laravel's relative signed routes: behind a proxy the server sees another scheme and host than
 * the APP_URL the link was made with, and the key alone already ties the link to this app.
 */
function canonical(url: URL): string {
  const params = [...url.searchParams.entries()]
    .filter(([name]) => name !== SIGNATURE)
    .sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)));
  const query = new URLSearchParams(params).toString();
  return `${url.pathname}?${query}`;
}

// Code-unit order, the same on every machine (localeCompare would depend on the locale).
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const hmac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

export function signUrl(url: URL, key: string, expiresAt: Date): string {
  const signed = new URL(url);
  signed.searchParams.delete(SIGNATURE);
  signed.searchParams.set(EXPIRES, String(Math.floor(expiresAt.getTime() / 1000)));
  signed.searchParams.set(SIGNATURE, hmac(key, canonical(signed)));
  return signed.toString();
}

export function verifySignedUrl(url: URL, key: string, now: Date = new Date()): SignedUrlStatus {
  const signatures = url.searchParams.getAll(SIGNATURE);
  const expires = url.searchParams.getAll(EXPIRES);
  if (signatures.length !== 1 || expires.length !== 1) return 'invalid';
  const given = Buffer.from(signatures[0] ?? '', 'utf8');
  const expected = Buffer.from(hmac(key, canonical(url)), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the signature, so that only a genuine link is ever told it has expired.
  const expiresAt = Number(expires[0]);
  if (!/^\d+$/.test(expires[0] ?? '') || !Number.isSafeInteger(expiresAt)) return 'invalid';
  return now.getTime() >= expiresAt * 1000 ? 'expired' : 'valid';
}
