import { resolve } from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalStorage } from './local-storage.ts';
import type { LocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { S3Settings } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

export type { FileStorage } from './storage.ts';
export { STORAGE_KEY_PATTERN } from './storage.ts';
export type { LocalStorage } from './local-storage.ts';
export { UPLOADS_PATH, contentTypeOf } from './local-storage.ts';
export type { S3Settings } from './s3-storage.ts';
export { IMMUTABLE_CACHE_CONTROL, S3StorageError } from './s3-storage.ts';

/** What picking and building a storage needs, separate from `env` so a test can pass its own. */
export type StorageSettings = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Settings);

export function storageSettingsFromEnv(env: Env): StorageSettings {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local', dir: env.STORAGE_LOCAL_DIR };
  const {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_PUBLIC_URL: publicUrl,
  } = env;
  // env.ts already refuses s3 without these; this only tells the types so.
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey || !publicUrl) {
    throw new Error('STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL');
  }
  return {
    driver: 's3',
    endpoint: endpoint.replace(/\/+$/, ''),
    region: env.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/**
 * The storage, and the same object as `local` when it is the disk: this process then serves
 * /uploads/* itself. With S3 `local` is null and the bucket (or the CDN in front) serves the files.
 */
export function createStorage(
  settings: StorageSettings,
  fetchImpl: typeof fetch = fetch,
): { storage: FileStorage; local: LocalStorage | null } {
  switch (settings.driver) {
    case 'local': {
      const local = createLocalStorage(resolve(settings.dir));
      return { storage: local, local };
    }
    case 's3': {
      const { driver: _driver, ...s3 } = settings;
      return { storage: createS3Storage(s3, fetchImpl), local: null };
    }
  }
}
