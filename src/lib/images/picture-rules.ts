/**
 * How a picture is prepared in the browser before it is sent: a phone's camera photo (12 MB,
 * 4000×3000) is made smaller there, so that it fits the server's limits and goes out quickly on a
 * mobile connection. Pure rules, tested on their own; the drawing is in
 * src/islands/shared/pictures/prepare-picture.ts.
 */

/** The long side a prepared picture keeps at most: a little over what the server stores (2000). */
export const PICTURE_MAX_SIDE = 2048;
/** Below this, a picture that is already small enough is not worth re-encoding. */
export const SEND_AS_IS_MAX_BYTES = 2 * 1024 * 1024;
/** The formats every upload route of the server takes. */
export const SERVER_PICTURE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const NOT_PICTURE_MESSAGE = 'JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.';
export const UNREADABLE_PICTURE_MESSAGE = '이 형식의 사진은 올릴 수 없어요. JPG나 PNG로 바꿔 주세요.';
export const UNSHRINKABLE_PICTURE_MESSAGE = '사진을 줄이지 못했어요. 다른 사진으로 다시 골라 주세요.';

export interface PictureSize {
  width: number;
  height: number;
}

const PICTURE_EXTENSIONS = /\.(jpe?g|png|webp|gif|heic|heif|avif|bmp)$/i;

/**
 * Whether the browser should try to read the file as a picture: any image type (HEIC included,
 * which Safari reads), or no type at all with a picture's name, as some systems hand files over.
 */
export function mayBePicture(file: { type: string; name: string }): boolean {
  if (file.type !== '') return file.type.startsWith('image/');
  return PICTURE_EXTENSIONS.test(file.name);
}

/** The size that fits within `maxSide` on both sides, keeping the proportions; never enlarged. */
export function fitWithin({ width, height }: PictureSize, maxSide = PICTURE_MAX_SIDE): PictureSize {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide) return { width, height };
  const scale = maxSide / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A picture the server takes, light and small enough already, goes as it was picked. */
export function sendsAsIs(file: { type: string; size: number }, size: PictureSize): boolean {
  return SERVER_PICTURE_TYPES.includes(file.type) && file.size <= SEND_AS_IS_MAX_BYTES && Math.max(size.width, size.height) <= PICTURE_MAX_SIDE;
}

/**
 * Which of the two to send once re-encoded: the original when re-encoding failed or gave more bytes
 * and the original is one the server takes at its size; null when neither will do.
 */
export function chooseEncoded(
  original: { type: string; size: number },
  size: PictureSize,
  encodedBytes: number | null,
): 'encoded' | 'original' | null {
  const originalFits = SERVER_PICTURE_TYPES.includes(original.type) && Math.max(size.width, size.height) <= PICTURE_MAX_SIDE;
  if (encodedBytes === null) return originalFits ? 'original' : null;
  return originalFits && original.size <= encodedBytes ? 'original' : 'encoded';
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/webp': '.webp', 'image/png': '.png' };

/** `IMG_0001.HEIC` re-encoded as JPEG is sent as `IMG_0001.jpg`, the name the member still knows. */
export function renamedFor(name: string, type: string): string {
  const extension = EXTENSIONS[type] ?? '';
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem || 'photo'}${extension}`;
}

/**
 * How far each file of a multipart body has gone out, in whole percents, from the bytes sent of
 * the whole. The fields before the files and the parts' headers are small; they are counted first.
 */
export function partsProgress(sent: number, total: number, fileSizes: readonly number[]): number[] {
  const filesBytes = fileSizes.reduce((sum, size) => sum + size, 0);
  let before = Math.max(0, total - filesBytes);
  return fileSizes.map((size) => {
    const done = size === 0 ? (sent >= before ? 1 : 0) : Math.min(1, Math.max(0, (sent - before) / size));
    before += size;
    return Math.floor(done * 100);
  });
}

/** The whole body's progress in whole percents. */
export const percentOf = (sent: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);
