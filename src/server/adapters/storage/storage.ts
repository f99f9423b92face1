/** Where uploaded files live: local disk by default, S3-compatible storage later. */
export interface FileStorage {
  /** Stores the bytes under `key` and returns the public URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The key behind one of this storage's public URLs, or null for any other URL. */
  keyOf(url: string): string | null;
}

/** Keys are ours: folders and names of lowercase letters, digits, '-' and '_', one extension. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.(webp|jpg|jpeg|png|gif|pdf)$/;
