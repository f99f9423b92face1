import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../../src/server/adapters/storage/s3-storage.ts';

export const ACCESS_KEY_ID = 'AKIATESTKEY000000001';
export const SECRET = 'tEsTsEcReT/0123456789+abcdefghijklmnopqrstu';
export const REGION = 'ap-northeast-2';
export const BUCKET = 'ritual-media';
export const KEY = 'images/2026/11/42-0123456789abcdef.webp';
export const LONG_CACHE = 'public, max-age=31536000, immutable';
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** One request as it reached "S3", whichever way it came (HTTP server or a fetch stand-in). */
interface SignedRequest {
  method: string;
  /** Path and query, as on the request line. */
  target: string;
  host: string;
  header: (name: string) => string | undefined;
  body: Buffer;
}

export type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20261105T031500Z` is UTC whatever the machine's zone (the unit project runs in Los Angeles). */
function amzDateToMs(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/**
 * AWS Signature Version 4 as S3 checks it, written out here from the specification with
 * node:crypto: the canonical request, the string to sign, the signing key, the signature.
 */
export function verifySigV4(request: SignedRequest, secret: string): Verdict {
  const refuse = (status: number, code: string, message: string): Verdict => ({ ok: false, status, code, message });
  const authorization = request.header('authorization') ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([^/\s]+)\/([^/\s]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, keyId, date, region, service, signedHeaderList, signature] = match as unknown as [
    string, string, string, string, string, string, string,
  ];
  if (keyId !== ACCESS_KEY_ID) return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.');
  if (region !== REGION || service !== 's3') {
    return refuse(400, 'AuthorizationHeaderMalformed', `the region '${region}' or service '${service}' is wrong`);
  }
  const amzDate = request.header('x-amz-date') ?? '';
  const at = amzDateToMs(amzDate);
  if (at === null || amzDate.slice(0, 8) !== date) return refuse(403, 'AccessDenied', 'X-Amz-Date is missing or does not match the credential');
  if (Math.abs(Date.now() - at) > 15 * 60_000) return refuse(403, 'RequestTimeTooSkewed', 'The difference is too large.');
  const payloadHash = request.header('x-amz-content-sha256');
  if (!payloadHash) return refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(request.body)) {
    return refuse(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
  }
  const signedHeaders = signedHeaderList.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!signedHeaders.includes(required)) return refuse(403, 'AccessDenied', `${required} must be signed`);
  }

  const url = new URL(request.target, 'http://placeholder');
  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(name === 'host' ? request.host : (request.header(name) ?? '')).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return { ok: true };
}

export const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`;

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface Received {
  method: string;
  target: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Just enough of S3, path style (`/{bucket}/{key}`): signed PUT stores, signed DELETE removes
 * (204 even when there was nothing, as S3 does), and GET reads without a signature, the way a
 * public bucket or its CDN serves the files, except under `private/`, where GET must be signed.
 * `override` lets a test answer something else.
 */
export function startS3Server(): Promise<{
  server: Server;
  baseUrl: string;
  objects: Map<string, StoredObject>;
  received: Received[];
  override: { reply?: (request: Received) => { status: number; body: string } | undefined };
}> {
  const objects = new Map<string, StoredObject>();
  const received: Received[] = [];
  const override: { reply?: (request: Received) => { status: number; body: string } | undefined } = {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? '';
      const target = req.url ?? '/';
      const request: Received = { method, target, headers: req.headers };
      received.push(request);
      const answer = (status: number, text: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/xml', ...headers });
        res.end(text);
      };
      const fail = (status: number, code: string, message: string) => answer(status, errorXml(code, message));
      const path = decodeURIComponent(new URL(target, 'http://placeholder').pathname).slice(1);
      const bucket = path.split('/')[0];
      if (bucket !== BUCKET) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');

      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
      const verifyGet = () => verifySigV4({ method, target, host: req.headers.host ?? '', header, body }, SECRET).ok;
      // Public read, as the bucket policy grants it: everything but the private/ prefix.
      const isPrivate = path.slice(bucket.length + 1).startsWith('private/');
      if (method === 'GET' && isPrivate && !req.headers.authorization) return fail(403, 'AccessDenied', 'Access Denied');
      if (method === 'GET' && (!isPrivate || verifyGet())) {
        const object = objects.get(path);
        if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'Content-Type': object.contentType ?? 'application/octet-stream',
          ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
        });
        res.end(object.body);
        return;
      }
      const verdict = verifySigV4({ method, target, host: req.headers.host ?? '', header, body }, SECRET);
      if (!verdict.ok) return fail(verdict.status, verdict.code, verdict.message);
      const replaced = override.reply?.(request);
      if (replaced) return answer(replaced.status, replaced.body);
      if (method === 'PUT') {
        objects.set(path, { body, contentType: header('content-type'), cacheControl: header('cache-control') });
        return answer(200, '', { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
        return;
      }
      fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}`, objects, received, override });
    });
  });
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

/** Settings for the storage adapter pointed at the local server, path style, public bucket. */
export function s3SettingsFor(s3: S3TestServer): S3Settings {
  return {
    endpoint: s3.baseUrl,
    region: REGION,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    // The bucket itself is public here; in production this is the CDN's address.
    publicUrl: `${s3.baseUrl}/${BUCKET}`,
    forcePathStyle: true,
  };
}
