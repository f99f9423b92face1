import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback, as a browser's (Mozilla's autopush, FCM) is to a sender: it hands
 * out subscriptions whose private keys it keeps, checks each push's VAPID token (RFC 8292) and
 * decrypts its body (RFC 8291, aes128gcm, RFC 8188) with node:crypto alone, so a test sees what
 * the member's device would show. A subscription can be made to answer 404 or 410 (gone).
 */

export interface ReceivedPush {
  /** Which subscription it was posted to. */
  id: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID token's claims, once its ES256 signature checked out against `k`. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface LocalSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** What to answer instead of 201: 404 or 410 for a subscription that is gone. */
  answer?: number;
}

const b64u = (value: Buffer) => value.toString('base64url');

/** RFC 8291 section 3.4 and RFC 8188 section 2: the one-record aes128gcm body, decrypted. */
export function decryptAes128gcm(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what a Web Push sender sends');
  const receiverPublic = receiver.getPublicKey();
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end);
}

/** `Authorization: vapid t=<JWT>, k=<public key>`: the token's ES256 signature checked with k (RFC 8292 section 3). */
function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token = '', k = ''] = match;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  const parsedHead = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (parsedHead.alg !== 'ES256') throw new Error(`VAPID alg ${parsedHead.alg}`);
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  return { ...parsed, publicKey: k };
}

export interface LocalPushService {
  url: string;
  received: ReceivedPush[];
  /** Requests it refused (a bad token, a body it could not decrypt), with the reason. */
  refused: string[];
  subscribe(): LocalSubscription;
  /** From now on the subscription answers `status` (404 or 410: gone). */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([a-f0-9]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const subscription = held.get(id);
      if (req.method !== 'POST' || !subscription) {
        res.writeHead(404).end();
        return;
      }
      if (subscription.answer) {
        res.writeHead(subscription.answer).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('no TTL header');
        const vapid = verifyVapid(req.headers.authorization);
        const payload: unknown = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscription.ecdh, subscription.auth).toString('utf8'));
        received.push({ id, headers: req.headers, payload, vapid });
        res.writeHead(201, { Location: `/message/${randomBytes(8).toString('hex')}` }).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      held.set(id, { ecdh, auth });
      return { id, endpoint: `${url}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    answer(id, status) {
      const subscription = held.get(id);
      if (subscription) subscription.answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
