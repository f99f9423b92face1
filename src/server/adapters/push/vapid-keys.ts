import { createECDH, hkdfSync } from 'node:crypto';

/** A VAPID key pair (RFC 8292) as web-push takes it: the raw P-256 keys in base64url. */
export interface VapidKeys {
  /** The uncompressed public point, 65 bytes. */
  publicKey: string;
  /** The private scalar, 32 bytes. */
  privateKey: string;
}

// The order of P-256's base point: a private key is a scalar from 1 to N - 1.
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** The public key that belongs to a private one; throws when the private key is no P-256 scalar. */
export function vapidPublicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * Outside production, the key pair follows from the app key instead of being stored: every
 * instance that shares the app key (they must: sessions' links and sealed secrets use it) and
 * every restart get the same pair, with nothing to write, race over or lose, so a browser that
 * subscribed through one instance is pushed to by any other. Production sets its own keys.
 */
export function vapidKeysFromAppKey(appKey: string): VapidKeys {
  for (let attempt = 0; ; attempt += 1) {
    const scalar = Buffer.from(hkdfSync('sha256', appKey, 'ritual-vapid', `vapid key pair ${attempt}`, 32));
    const value = BigInt(`0x${scalar.toString('hex')}`);
    // Out of range once in about 2^32 app keys: the next attempt derives another scalar.
    if (value === 0n || value >= P256_ORDER) continue;
    const privateKey = scalar.toString('base64url');
    return { publicKey: vapidPublicKeyOf(privateKey), privateKey };
  }
}
