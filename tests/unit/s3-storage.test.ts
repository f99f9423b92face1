import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { S3StorageError, createStorage, storageSettingsFromEnv } from '../../src/server/adapters/storage/index.ts';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage.ts';
import type { S3Settings } from '../../src/server/adapters/storage/s3-storage.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';

const ACCESS_KEY_ID = 'AKIATESTKEY000000001';
const SECRET = 'tEsTsEcReT/0123456789+abcdefghijklmnopqrstu';
const REGION = 'ap-northeast-2';
const BUCKET = 'ritual-media';
const KEY = 'images/2026/11/42-0123456789abcdef.webp';
const LONG_CACHE = 'public, max-age=31536000, immutable';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** One request as it reached "S3", whichever way it came (HTTP server or a fetch stand-in). */
interface SignedRequest {
  method: string;
  /** Path and query, as on the request line. */
  target: string;
  host: string;
  header: (name: string) => string | undefined;
  body: Buffer;
}

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
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
function verifySigV4(request: SignedRequest, secret: string): Verdict {
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

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`;

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

interface Received {
  method: string;
  target: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Just enough of S3, path style (`/{bucket}/{key}`): signed PUT stores, signed DELETE removes
 * (204 even when there was nothing, as S3 does), and GET reads without a signature, the way a
 * public bucket or its CDN serves the files. `override` lets a test answer something else.
 */
function startS3Server(): Promise<{
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

      if (method === 'GET') {
        const object = objects.get(path);
        if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'Content-Type': object.contentType ?? 'application/octet-stream',
          ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
        });
        res.end(object.body);
        return;
      }
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
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

describe('S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let settings: S3Settings;

  beforeEach(async () => {
    s3 = await startS3Server();
    settings = {
      endpoint: s3.baseUrl,
      region: REGION,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      // The bucket itself is public here; in production this is the CDN's address.
      publicUrl: `${s3.baseUrl}/${BUCKET}`,
      forcePathStyle: true,
    };
  });
  afterEach(() => new Promise<void>((done) => s3.server.close(() => done())));

  it('puts the bytes under bucket/key with a signed request and the long cache header, and answers publicUrl/key', async () => {
    const storage = createS3Storage(settings);
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 0, 255]);
    const url = await storage.put(KEY, bytes, 'image/webp');

    expect(url).toBe(`${s3.baseUrl}/${BUCKET}/${KEY}`);
    const stored = s3.objects.get(`${BUCKET}/${KEY}`);
    expect(stored).toBeDefined();
    expect(new Uint8Array(stored?.body ?? [])).toEqual(bytes);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toBe(LONG_CACHE);

    const [put] = s3.received;
    expect(put?.method).toBe('PUT');
    expect(put?.target).toBe(`/${BUCKET}/${KEY}`);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(put?.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/${today}/${REGION}/s3/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(put?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    // The payload is signed too, not sent as UNSIGNED-PAYLOAD.
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256Hex(Buffer.from(bytes)));
    expect(String(put?.headers.authorization)).toContain('cache-control');
    expect(JSON.stringify(s3.received)).not.toContain(SECRET);

    // Read back through the public URL, as a browser would.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe(LONG_CACHE);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('puts the bytes a view of a larger buffer shows, and only those', async () => {
    const storage = createS3Storage(settings);
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9, 9]);
    await storage.put(KEY, backing.subarray(2, 5), 'image/webp');
    expect([...(s3.objects.get(`${BUCKET}/${KEY}`)?.body ?? [])]).toEqual([1, 2, 3]);
  });

  it('deletes with a signed request, and takes an object already gone (404) as done', async () => {
    const storage = createS3Storage(settings);
    const url = await storage.put(KEY, new Uint8Array([1, 2, 3]), 'image/webp');
    await storage.delete(KEY);
    expect(s3.objects.has(`${BUCKET}/${KEY}`)).toBe(false);
    expect(s3.received.at(-1)).toMatchObject({ method: 'DELETE', target: `/${BUCKET}/${KEY}` });
    expect(s3.received.at(-1)?.headers['x-amz-content-sha256']).toBe(EMPTY_SHA256);
    expect((await fetch(url)).status).toBe(404);

    // S3 itself answers 204 for a missing key; some compatible stores answer 404.
    await expect(storage.delete(KEY)).resolves.toBeUndefined();
    s3.override.reply = () => ({ status: 404, body: errorXml('NoSuchKey', 'The specified key does not exist.') });
    await expect(storage.delete(KEY)).resolves.toBeUndefined();
  });

  it('knows the key behind its own URLs only', () => {
    const storage = createS3Storage({ ...settings, publicUrl: 'https://media.ritual.example' });
    expect(storage.keyOf(`https://media.ritual.example/${KEY}`)).toBe(KEY);
    expect(storage.keyOf('https://media.ritual.example/avatars/7.jpg')).toBe('avatars/7.jpg');
    for (const other of [
      `/uploads/${KEY}`,
      `https://other.example/${KEY}`,
      `https://media.ritual.example.evil.example/${KEY}`,
      `https://media.ritual.example-evil.example/${KEY}`,
      `http://media.ritual.example/${KEY}`,
      'https://media.ritual.example/',
      'https://media.ritual.example/../secrets.webp',
      'https://media.ritual.example/images/UPPER.webp',
      'https://media.ritual.example/images/a.exe',
      `https://media.ritual.example/${KEY}?x=1`,
    ]) {
      expect(storage.keyOf(other), other).toBeNull();
    }
  });

  it('refuses a key outside the pattern before sending anything', async () => {
    const storage = createS3Storage(settings);
    await expect(storage.put('../escape.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete('a/../b.webp')).rejects.toThrow(/invalid storage key/);
    expect(s3.received).toHaveLength(0);
  });

  it('rejects with the status and S3 error Code when the signature is wrong, without the secret', async () => {
    const wrongSecret = 'wRoNgSeCrEt/9876543210+zyxwvutsrqponmlkjihg';
    const storage = createS3Storage({ ...settings, secretAccessKey: wrongSecret });
    const error = await storage.put(KEY, new Uint8Array([1, 2, 3]), 'image/webp').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(S3StorageError);
    const s3Error = error as S3StorageError;
    expect(s3Error.status).toBe(403);
    expect(s3Error.code).toBe('SignatureDoesNotMatch');
    expect(s3Error.message).toMatch(/403/);
    expect(s3Error.message).toMatch(/SignatureDoesNotMatch/);
    // Only the Code is kept: S3's Message (and its StringToSign, CanonicalRequest …) is not.
    expect(s3Error.message).not.toMatch(/calculated/);
    for (const secret of [wrongSecret, SECRET]) {
      expect(s3Error.message).not.toContain(secret);
      expect(String(s3Error.stack)).not.toContain(secret);
      expect(JSON.stringify(s3Error)).not.toContain(secret);
    }
    expect(s3.objects.size).toBe(0);
    await expect(storage.delete(KEY)).rejects.toThrow(/DELETE .*403 SignatureDoesNotMatch/);
  });

  it('reports an unknown bucket and an answer without XML by their status', async () => {
    await expect(createS3Storage({ ...settings, bucket: 'no-such-bucket' }).put(KEY, new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /404 NoSuchBucket/,
    );
    s3.override.reply = () => ({ status: 503, body: '<html>Service Unavailable</html>' });
    const error = await createS3Storage(settings)
      .put(KEY, new Uint8Array([1]), 'image/webp')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as S3StorageError).status).toBe(503);
    expect((error as S3StorageError).code).toBeUndefined();
    expect((error as S3StorageError).message).toBe(`S3 PUT ${KEY} answered 503`);
  });

  it('rejects when the endpoint cannot be reached', async () => {
    const closed = await startS3Server();
    await new Promise<void>((done) => closed.server.close(() => done()));
    const storage = createS3Storage({ ...settings, endpoint: closed.baseUrl });
    const error = await storage.put(KEY, new Uint8Array([1]), 'image/webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as S3StorageError).status).toBeUndefined();
    expect((error as S3StorageError).message).not.toContain(SECRET);
  });

  it('signs virtual-hosted requests for https://{bucket}.{endpoint host}/{key}', async () => {
    const seen: { url: string; verdict: Verdict }[] = [];
    // The bucket's own host name does not resolve here, so the stand-in checks what would be sent.
    const fetchImpl: typeof fetch = async (input) => {
      const request = input as Request;
      const url = new URL(request.url);
      const body = Buffer.from(await request.arrayBuffer());
      const verdict = verifySigV4(
        {
          method: request.method,
          target: url.pathname + url.search,
          host: url.host,
          header: (name) => request.headers.get(name) ?? undefined,
          body,
        },
        SECRET,
      );
      seen.push({ url: request.url, verdict });
      return verdict.ok ? new Response(null, { status: 200 }) : new Response(errorXml(verdict.code, verdict.message), { status: verdict.status });
    };
    const storage = createS3Storage(
      {
        ...settings,
        endpoint: 'https://s3.ap-northeast-2.amazonaws.com',
        publicUrl: 'https://media.ritual.example/',
        forcePathStyle: false,
      },
      fetchImpl,
    );
    expect(await storage.put(KEY, new Uint8Array([7, 8, 9]), 'image/webp')).toBe(`https://media.ritual.example/${KEY}`);
    await storage.delete(KEY);
    expect(seen).toEqual([
      { url: `https://${BUCKET}.s3.ap-northeast-2.amazonaws.com/${KEY}`, verdict: { ok: true } },
      { url: `https://${BUCKET}.s3.ap-northeast-2.amazonaws.com/${KEY}`, verdict: { ok: true } },
    ]);
  });
});

describe('storage configuration', () => {
  const problemsOf = (source: Record<string, string>): string[] => {
    try {
      parseEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error.problems;
      throw error;
    }
    return [];
  };
  const s3Env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com/',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET,
    S3_PUBLIC_URL: 'https://media.ritual.example/',
  };

  it('keeps files on local disk by default', async () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ STORAGE_DRIVER: 'local', STORAGE_LOCAL_DIR: '.data/uploads', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: true });
    expect(storageSettingsFromEnv(env)).toEqual({ driver: 'local', dir: '.data/uploads' });

    const dir = await mkdtemp(join(tmpdir(), 'storage-'));
    try {
      const { storage, local } = createStorage({ driver: 'local', dir });
      expect(local).toBe(storage);
      expect(await storage.put('avatars/1.webp', new Uint8Array([1, 2]), 'image/webp')).toBe('/uploads/avatars/1.webp');
      expect([...(await readFile(join(dir, 'avatars/1.webp')))]).toEqual([1, 2]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names each S3 variable missing when STORAGE_DRIVER=s3', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_ENDPOINT: is required when STORAGE_DRIVER=s3',
      'S3_BUCKET: is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
      'S3_PUBLIC_URL: is required when STORAGE_DRIVER=s3',
    ]);
    const { S3_SECRET_ACCESS_KEY: _secret, S3_PUBLIC_URL: _url, ...partial } = s3Env;
    expect(problemsOf(partial)).toEqual([
      'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
      'S3_PUBLIC_URL: is required when STORAGE_DRIVER=s3',
    ]);
    // Set but unused, the S3 variables ask for nothing with the local driver.
    expect(problemsOf({ S3_BUCKET: BUCKET })).toEqual([]);
  });

  it('names each bad storage variable, never showing the secret', () => {
    expect(problemsOf({ STORAGE_DRIVER: 'gcs' })[0]).toMatch(/^STORAGE_DRIVER: /);
    expect(problemsOf({ ...s3Env, S3_ENDPOINT: 'not a url' })[0]).toMatch(/^S3_ENDPOINT: /);
    expect(problemsOf({ ...s3Env, S3_ENDPOINT: 'ftp://files.example' })[0]).toMatch(/^S3_ENDPOINT: must be an http/);
    expect(problemsOf({ ...s3Env, S3_PUBLIC_URL: 'javascript:alert(1)' })[0]).toMatch(/^S3_PUBLIC_URL: /);
    expect(problemsOf({ ...s3Env, S3_BUCKET: 'My_Bucket' })[0]).toMatch(/^S3_BUCKET: must be a bucket name/);
    expect(problemsOf({ ...s3Env, S3_REGION: 'Seoul 1' })[0]).toMatch(/^S3_REGION: /);
    expect(problemsOf({ ...s3Env, S3_FORCE_PATH_STYLE: 'maybe' })[0]).toMatch(/^S3_FORCE_PATH_STYLE: /);
    expect(problemsOf({ ...s3Env, S3_ENDPOINT: 'nope', S3_BUCKET: 'X' }).join('\n')).not.toContain(SECRET);
  });

  it('builds S3 settings from the environment, without trailing slashes', () => {
    const env = parseEnv({ ...s3Env, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'ap-northeast-2' });
    const settings = storageSettingsFromEnv(env);
    expect(settings).toEqual({
      driver: 's3',
      endpoint: 'https://0123abcd.r2.cloudflarestorage.com',
      region: 'ap-northeast-2',
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      publicUrl: 'https://media.ritual.example',
      forcePathStyle: false,
    });
    expect(storageSettingsFromEnv(parseEnv(s3Env))).toMatchObject({ region: 'auto', forcePathStyle: true });

    const { storage, local } = createStorage(settings);
    expect(local).toBeNull();
    expect(storage.keyOf(`https://media.ritual.example/${KEY}`)).toBe(KEY);
  });
});
