import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { validationError } from '../../http/errors.ts';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const SIZE = 400;

/**
 * Stores a member's picture as a 400 × 400 WebP: turned upright by its EXIF orientation, and
 * stripped of every metadata block (location, camera) on the way, which sharp does unless asked
 * to keep them. The format is read from the bytes, never from the name or the stated type.
 */
export async function storeProfileImage(storage: FileStorage, userId: number, file: File): Promise<string> {
  const input = new Uint8Array(await file.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    throw validationError({ profile_image: ['JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.'] });
  }
  const output = await sharp(input, { animated: false })
    .rotate()
    .resize(SIZE, SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
  const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.webp`;
  return storage.put(key, output, 'image/webp');
}
