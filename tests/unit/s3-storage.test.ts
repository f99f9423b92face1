import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { S3StorageError, createStorage, storageSettingsFromEnv } from '../../src/server/adapters/storage/index.ts';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage.ts';
import type { S3Settings } from '../../src/server/adapters/storage/s3-storage.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';
import {
  ACCESS_KEY_ID,
  BUCKET,
  EMPTY_SHA256,
  KEY,
  LONG_CACHE,
  REGION,
  SECRET,
  errorXml,
  s3SettingsFor,
  sha256Hex,
  startS3Server,
  verifySigV4,
} from '../helpers/s3-server.ts';
import type { S3TestServer, Verdict } from '../helpers/s3-server.ts';

describe('S3 storage', () => {
  let s3: S3TestServer;
  let settings: S3Settings;

  beforeEach(async () => {
    s3 = await startS3Server();
    settings = s3SettingsFor(s3);
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

  it('reads a private object back with a signed GET, and null for one that is not there', async () => {
    const storage = createS3Storage(settings);
    const key = 'private/inquiries/2026/11/42-0123456789abcdef0123456789abcdef.pdf';
    const url = await storage.put(key, new TextEncoder().encode('%PDF-1.7'), 'application/pdf');
    expect(s3.objects.get(`${BUCKET}/${key}`)?.cacheControl).toBe('private, no-store');
    // The bucket's public read leaves private/ out: the URL alone gives nothing.
    expect((await fetch(url)).status).toBe(403);
    expect(new TextDecoder().decode((await storage.read(key))!)).toBe('%PDF-1.7');
    expect(await storage.read('private/inquiries/2026/11/42-ffffffffffffffffffffffffffffffff.pdf')).toBeNull();
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
