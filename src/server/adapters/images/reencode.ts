import type { Sharp } from 'sharp';

type SharpFactory = (input: Uint8Array, options?: { animated?: boolean }) => Sharp;

// libvips costs tens of megabytes once loaded: a server that never receives a picture never pays.
let loading: Promise<SharpFactory> | undefined;
const loadSharp = (): Promise<SharpFactory> => (loading ??= import('sharp').then((module) => module.default));

/** Formats accepted from members, judged by the bytes, never by the name or the stated type. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

export interface ReencodedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type Fit = { kind: 'cover'; size: number } | { kind: 'inside'; maxSide: number };

/**
 * The picture as WebP: upright by its EXIF orientation and with every metadata block (location,
 * camera) left behind, which sharp does unless asked to keep them. Null when the bytes are not an
 * accepted format or cannot be decoded. An animated GIF keeps its first frame.
 */
export async function reencodeAsWebp(input: Uint8Array, fit: Fit, quality = 82): Promise<ReencodedImage | null> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    return null;
  }
  if (!format || !ACCEPTED.has(format)) return null;
  try {
    const image = sharp(input, { animated: false }).rotate();
    const resized =
      fit.kind === 'cover'
        ? image.resize(fit.size, fit.size, { fit: 'cover', position: 'attention' })
        : image.resize({ width: fit.maxSide, height: fit.maxSide, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await resized.webp({ quality }).toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    // Claimed to be an image by its header, but broken (truncated, or a codec we lack).
    return null;
  }
}
