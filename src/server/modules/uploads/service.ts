import { randomBytes } from 'node:crypto';
import { reencodeAsWebp } from '../../adapters/images/reencode.ts';
import type { ReencodedImage } from '../../adapters/images/reencode.ts';
import { TIME_ZONE } from '../../../lib/constants.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { invalidInput } from '../../domain-errors.ts';
import { IMAGE_MESSAGES } from './schema.ts';

const MAX_SIDE = 2000;
const QUALITY = 82;

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/** An upload to store, and the field its errors are reported under (`image`, `images.2`). */
export interface ImageUpload {
  field: string;
  file: File;
}

const encode = async (file: File): Promise<ReencodedImage | null> =>
  reencodeAsWebp(new Uint8Array(await file.arrayBuffer()), { kind: 'inside', maxSide: MAX_SIDE }, QUALITY);

const monthFolder = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' });

/** `images/2026/11/42-<16 hex>.webp`: the month in Seoul, the owner, and a name nobody can guess. */
function imageKey(userId: number, now: Date): string {
  const parts = monthFolder.formatToParts(now);
  const year = parts.find((part) => part.type === 'year')?.value;
  const month = parts.find((part) => part.type === 'month')?.value;
  return `images/${year}/${month}/${userId}-${randomBytes(8).toString('hex')}.webp`;
}

/**
 * Stores the member's images, answered in the order given. Every image is checked and re-encoded
 * before any is stored, so a refused batch leaves nothing behind. The URLs are the storage's own
 * (on this server or the bucket), never anything from the request: the editor puts them into posts
 * as they are.
 */
export async function storeImages(
  storage: FileStorage,
  userId: number,
  uploads: ImageUpload[],
  now = new Date(),
): Promise<StoredImage[]> {
  const encoded: ReencodedImage[] = [];
  const errors: Record<string, string[]> = {};
  // One at a time: ten decoded 10 MB pictures at once would be a lot of memory for one request.
  for (const upload of uploads) {
    const image = await encode(upload.file);
    if (image) encoded.push(image);
    else errors[upload.field] = [IMAGE_MESSAGES.notImage];
  }
  if (Object.keys(errors).length > 0) throw invalidInput(errors);

  const stored: StoredImage[] = [];
  const keys: string[] = [];
  try {
    for (const image of encoded) {
      const key = imageKey(userId, now);
      const url = await storage.put(key, image.bytes, 'image/webp');
      keys.push(key);
      if (storage.keyOf(url) !== key) {
        throw new Error(`storage answered a URL that is not its own for ${key}: ${url}`);
      }
      stored.push({ url, width: image.width, height: image.height });
    }
  } catch (error) {
    // A half-stored batch is of no use to the editor: take back what went in, then fail.
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw error;
  }
  return stored;
}
