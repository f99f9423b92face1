import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { STORAGE_KEY_PATTERN } from './storage.ts';
import type { FileStorage } from './storage.ts';

export const UPLOADS_PATH = '/uploads/';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

function checkedKey(key: string): string {
  // The pattern has no '.' segments and no leading '/', so a key never leaves the folder.
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** Files on this machine's disk, which this process serves under /uploads/ itself. */
export type LocalStorage = FileStorage;

export function createLocalStorage(dir: string): LocalStorage {
  return {
    async put(key, bytes) {
      const path = join(dir, checkedKey(key));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      return `${UPLOADS_PATH}${key}`;
    },
    async delete(key) {
      await rm(join(dir, checkedKey(key)), { force: true });
    },
    async read(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        return await readFile(join(dir, key));
      } catch {
        return null;
      }
    },
    async stream(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      const file = createReadStream(join(dir, key));
      try {
        await once(file, 'open');
        return file;
      } catch {
        return null;
      }
    },
    keyOf(url) {
      if (!url.startsWith(UPLOADS_PATH)) return null;
      const key = url.slice(UPLOADS_PATH.length);
      return STORAGE_KEY_PATTERN.test(key) ? key : null;
    },
  };
}
