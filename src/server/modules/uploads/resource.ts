import type { StoredImage } from './service.ts';

const storedImageResource = (image: StoredImage) => ({ url: image.url, width: image.width, height: image.height });

/** `images[]` answers a list even for one picture; a lone `image` answers the picture itself. */
export const uploadedImagesResource = (stored: StoredImage[], many: boolean) =>
  // The input schema lets no request through without a picture, so a lone one is always there.
  many ? stored.map(storedImageResource) : storedImageResource(stored[0]!);
