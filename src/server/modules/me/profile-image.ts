import { randomBytes } from 'node:crypto';
import { reencodeAsWebp } from '../../adapters/images/reencode.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { invalidInput } from '../../domain-errors.ts';

const SIZE = 400;

/** Stores a member's picture as a 400 × 400 WebP, cropped around what draws the eye. */
export async function storeProfileImage(storage: FileStorage, userId: number, file: File): Promise<string> {
  const image = await reencodeAsWebp(new Uint8Array(await file.arrayBuffer()), { kind: 'cover', size: SIZE });
  if (!image) throw invalidInput({ profile_image: ['JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.'] });
  const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.webp`;
  return storage.put(key, image.bytes, 'image/webp');
}
