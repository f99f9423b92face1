/** Where uploaded files live: local disk by default, S3-compatible storage later. */
export interface FileStorage {
  /** Stores the bytes under `key` and returns the public URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Uint8Array | null>;
  /** The file's bytes as they are read, or null when there is none: for copying many without holding them. */
  stream(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** The key behind one of this storage's public URLs, or null for any other URL. */
  keyOf(url: string): string | null;
}

/**
 * Keys under `private/` are never served publicly: not by /uploads, and an S3 bucket's public
 * read policy must leave the prefix out. The app hands them out itself, after checking who asks.
 */
export const PRIVATE_PREFIX = 'private/';

export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

/** Keys are ours: folders and names of lowercase letters, digits, '-' and '_', one extension. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.(webp|jpg|jpeg|png|gif|pdf)$/;
