import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a small secret (a staff member's TOTP key) with AES-256-GCM under a key derived from the
 * app key, so a copy of the database alone does not hand out second factors. The sealed form is
 * `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const keyOf = (appKey: string): Buffer => createHash('sha256').update(`totp-secret|${appKey}`).digest();

export function sealSecret(appKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain secret, or null when it was sealed under another app key or was tampered with. */
export function openSecret(appKey: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
