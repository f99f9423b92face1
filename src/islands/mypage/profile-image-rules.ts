/**
 * What the picture picker tells and checks before an upload. The size limit comes from the
 * server's schema through the page; the formats and their message are the server's
 * (src/server/modules/me/profile-image.ts), which an island may not import.
 */

export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const IMAGE_TYPE_MESSAGE = 'JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.';
/** The side of the square the server crops every picture to. */
export const IMAGE_SIDE = 400;

const megabytes = (bytes: number): number => Math.floor(bytes / (1024 * 1024));

export const imageTooLargeMessage = (maxBytes: number): string => `프로필 사진은 ${megabytes(maxBytes)}MB 이하로 올려 주세요.`;

export const imageRulesText = (maxBytes: number): string =>
  `JPG, PNG, WEBP, GIF · ${megabytes(maxBytes)}MB 이하. ${IMAGE_SIDE}×${IMAGE_SIDE} 정사각형으로 잘라 저장해요.`;
