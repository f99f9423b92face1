import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { STORAGE_KEY_PATTERN, isPrivateKey } from './storage.ts';
import type { FileStorage } from './storage.ts';

/** An S3-compatible bucket: AWS S3, Cloudflare R2, MinIO, Backblaze B2 … */
export interface S3Settings {
  /** The API endpoint without the bucket: `https://<account>.r2.cloudflarestorage.com`, `https://s3.ap-northeast-2.amazonaws.com`. */
  endpoint: string;
  /** `auto` for R2; the bucket's region for AWS (`ap-northeast-2`). */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the files are read from: the CDN or the bucket's public URL, without a trailing slash. */
  publicUrl: string;
  /** `{endpoint}/{bucket}/{key}` when true, `{bucket}.{endpoint host}/{key}` when false. */
  forcePathStyle: boolean;
}

/** Keys never change (a new picture gets a new name), so browsers and CDNs may keep a file for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

// A request that hangs must not hold the member's request forever; 10 MB at a slow link fits.
const TIMEOUT_MS = 30_000;

/** A request the bucket refused (or that never reached it): the HTTP status and S3's error Code when known. */
export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'S3StorageError';
  }
}

function checkedKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** `<Error><Code>NoSuchBucket</Code>…`: only the Code is kept, never the rest of the body. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const match = /<Code>([A-Za-z0-9._-]{1,100})<\/Code>/.exec(await response.text());
    return match?.[1];
  } catch {
    return undefined;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function createS3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
  });
  const publicPrefix = `${withoutTrailingSlash(settings.publicUrl)}/`;
  const endpoint = new URL(withoutTrailingSlash(settings.endpoint));
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const objectUrl = (key: string): string => {
    if (settings.forcePathStyle) return `${endpoint.origin}${basePath}/${settings.bucket}/${key}`;
    return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${basePath}/${key}`;
  };

  async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) {
    const request = await client.sign(objectUrl(key), {
      method,
      headers: {
        ...headers,
        // The payload's own hash rather than UNSIGNED-PAYLOAD: the signature then covers the bytes too.
        'X-Amz-Content-Sha256': createHash('sha256')
          .update(body ?? new Uint8Array())
          .digest('hex'),
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    try {
      return await fetchImpl(request);
    } catch (error) {
      // A network failure or the timeout; its message names the host, never the credentials.
      throw new S3StorageError(`S3 ${method} ${key} failed: ${error instanceof Error ? error.message : String(error)}`, undefined, undefined, {
        cause: error,
      });
    }
  }

  async function refuse(method: string, key: string, response: Response): Promise<never> {
    const code = await errorCodeOf(response);
    throw new S3StorageError(`S3 ${method} ${key} answered ${response.status}${code ? ` ${code}` : ''}`, response.status, code);
  }

  return {
    async put(key, bytes, contentType) {
      // A copy with its own ArrayBuffer: what fetch accepts as a body, whatever `bytes` views.
      const body = new Uint8Array(bytes);
      const response = await send(
        'PUT',
        checkedKey(key),
        { 'Content-Type': contentType, 'Cache-Control': isPrivateKey(key) ? 'private, no-store' : IMMUTABLE_CACHE_CONTROL },
        body,
      );
      if (!response.ok) await refuse('PUT', key, response);
      await response.body?.cancel();
      return `${publicPrefix}${key}`;
    },
    async delete(key) {
      const response = await send('DELETE', checkedKey(key), {});
      // Already gone is what was asked for.
      if (!response.ok && response.status !== 404) await refuse('DELETE', key, response);
      await response.body?.cancel();
    },
    async read(key) {
      const response = await send('GET', checkedKey(key), {});
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) await refuse('GET', key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async stream(key) {
      const response = await send('GET', checkedKey(key), {});
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) await refuse('GET', key, response);
      return response.body ?? null;
    },
    keyOf(url) {
      if (!url.startsWith(publicPrefix)) return null;
      const key = url.slice(publicPrefix.length);
      return STORAGE_KEY_PATTERN.test(key) ? key : null;
    },
  };
}
