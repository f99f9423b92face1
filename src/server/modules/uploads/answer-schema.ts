import { z } from 'zod';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { uploadedImagesResource } from './resource.ts';

export const uploadedImageAnswer = z
  .strictObject({ url: z.string(), width: z.int().min(1), height: z.int().min(1) })
  .meta({ id: 'UploadedImage' });

export const uploadedImagesAnswer = z.union([uploadedImageAnswer, z.array(uploadedImageAnswer)]);

export type UploadedImagesAnswer = Conforms<ReturnType<typeof uploadedImagesResource>, z.infer<typeof uploadedImagesAnswer>>;
