import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { validateBody } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { uploadedImagesResource } from './resource.ts';
import { imageUploadInput } from './schema.ts';
import { storeImages } from './service.ts';
import type { ImageUpload } from './service.ts';

// Each request decodes and re-encodes up to ten pictures: a cap per member, not per address.
const UPLOAD_RULE = { name: 'image-upload', limit: 60, windowSeconds: 3600 };

export function imageUploadRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>().post('/api/image-upload', async (c) => {
    const user = requireMember(c);
    await enforceRateLimit(db, c, UPLOAD_RULE, String(user.id));
    const input = validateBody(c, imageUploadInput);
    // The schema lets exactly one of the two through.
    const many = input.images !== undefined;
    const uploads: ImageUpload[] = (input.images ?? input.image ?? []).map((file, index) => ({
      field: many ? `images.${index}` : 'image',
      file,
    }));
    const stored = await storeImages(storage, user.id, uploads);
    c.get('log').info({ userId: user.id, count: stored.length }, 'images uploaded');
    return c.json({ data: uploadedImagesResource(stored, many) }, 201);
  });
}
