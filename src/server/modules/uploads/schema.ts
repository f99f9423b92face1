import { z } from 'zod';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGES_MAX_COUNT = 10;

export const IMAGE_MESSAGES = {
  required: '이미지를 올려 주세요.',
  tooLarge: '이미지는 10MB 이하로 올려 주세요.',
  notImage: 'JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.',
  oneOnly: '이미지는 한 장만 올릴 수 있어요. 여러 장은 images[]로 보내 주세요.',
  tooMany: `이미지는 한 번에 ${IMAGES_MAX_COUNT}장까지 올릴 수 있어요.`,
  both: 'image와 images[] 중 하나만 보내 주세요.',
} as const;

// The size is judged here, before any decoding; what the bytes are is judged by the service.
// A text field sent under the name is refused as not an image: only uploaded files are taken.
const file = z.instanceof(File, { error: IMAGE_MESSAGES.notImage });
const withinSize = (f: File) => f.size <= IMAGE_MAX_BYTES;
// Counts are refinements, not .max(): zod 4 runs a .max() length check on a string that already
// failed as not an array, which would add a second, wrong message.

/** `image` (one file) or `images[]` (up to ten, answered in order); never both, never neither. */
export const imageUploadInput = z
  .object({
    // Errors for `image` name the field itself, as for the profile picture; for `images`, the item.
    image: z
      .array(file, { error: IMAGE_MESSAGES.notImage })
      .refine((files) => files.length <= 1, IMAGE_MESSAGES.oneOnly)
      .refine((files) => files.every(withinSize), IMAGE_MESSAGES.tooLarge)
      .optional(),
    images: z
      .array(file.refine(withinSize, IMAGE_MESSAGES.tooLarge), { error: IMAGE_MESSAGES.notImage })
      .refine((files) => files.length <= IMAGES_MAX_COUNT, IMAGE_MESSAGES.tooMany)
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.image?.length && input.images?.length) {
      ctx.addIssue({ code: 'custom', path: ['image'], message: IMAGE_MESSAGES.both });
    } else if (!input.image?.length && !input.images?.length) {
      ctx.addIssue({ code: 'custom', path: ['image'], message: IMAGE_MESSAGES.required });
    }
  });

export type ImageUploadInput = z.output<typeof imageUploadInput>;
