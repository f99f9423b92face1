import {
  NOT_PICTURE_MESSAGE,
  PICTURE_MAX_SIDE,
  UNREADABLE_PICTURE_MESSAGE,
  UNSHRINKABLE_PICTURE_MESSAGE,
  chooseEncoded,
  fitWithin,
  mayBePicture,
  renamedFor,
  sendsAsIs,
} from '../../../lib/images/picture-rules.ts';
import type { PictureSize } from '../../../lib/images/picture-rules.ts';

// Loaded only once a picture is picked (import()), so that no page pays for it before.

export type PreparedPicture = { ok: true; file: File } | { ok: false; message: string };

const WEBP_QUALITY = 0.82;
const JPEG_QUALITY = 0.85;

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

// EXIF rotation is applied while decoding, so a phone's upright portrait stays upright.
const decode = (file: File): Promise<ImageBitmap | null> => createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);

function drawingSurface({ width, height }: PictureSize): { canvas: Canvas; context: Context } | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) return { canvas, context };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  return context ? { canvas, context } : null;
}

async function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if (canvas instanceof HTMLCanvasElement) return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
  return canvas.convertToBlob({ type, quality }).catch(() => null);
}

/**
 * WebP keeps a screenshot's transparency; a browser that cannot write it (Safari hands back PNG)
 * gets JPEG on white, as a transparent area would otherwise turn black.
 */
async function shrink(bitmap: ImageBitmap, size: PictureSize): Promise<Blob | null> {
  const surface = drawingSurface(size);
  if (!surface) return null;
  const { canvas, context } = surface;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const webp = await encode(canvas, 'image/webp', WEBP_QUALITY);
  if (webp?.type === 'image/webp') return webp;
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  return encode(canvas, 'image/jpeg', JPEG_QUALITY);
}

/**
 * The picture to send for `file`: as it is when it is already small, otherwise redrawn with a long
 * side of at most 2,048 px; or why it cannot be sent (not a picture, a format this browser cannot
 * read such as HEIC outside Safari).
 */
export async function preparePicture(file: File): Promise<PreparedPicture> {
  if (!mayBePicture(file)) return { ok: false, message: NOT_PICTURE_MESSAGE };
  const bitmap = await decode(file);
  if (!bitmap) return { ok: false, message: UNREADABLE_PICTURE_MESSAGE };
  try {
    const size = { width: bitmap.width, height: bitmap.height };
    if (sendsAsIs(file, size)) return { ok: true, file };
    const blob = await shrink(bitmap, fitWithin(size, PICTURE_MAX_SIDE));
    const choice = chooseEncoded(file, size, blob ? blob.size : null);
    if (choice === 'original') return { ok: true, file };
    if (choice === null || !blob) return { ok: false, message: UNSHRINKABLE_PICTURE_MESSAGE };
    return { ok: true, file: new File([blob], renamedFor(file.name, blob.type), { type: blob.type, lastModified: file.lastModified }) };
  } finally {
    bitmap.close();
  }
}
