import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { UPLOADS_PATH, contentTypeOf } from './local-storage.ts';
import type { LocalStorage } from './local-storage.ts';
import { isPrivateKey } from './storage.ts';

/** Serves uploaded files from local storage; a CDN in front can keep them for good (keys never change). */
export function uploadRoutes(storage: LocalStorage) {
  return new Hono<AppEnv>().get(`${UPLOADS_PATH}*`, async (c) => {
    const key = c.req.path.slice(UPLOADS_PATH.length);
    const bytes = isPrivateKey(key) ? null : await storage.read(key);
    if (!bytes) throw notFound('파일을 찾을 수 없습니다.');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': contentTypeOf(key),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
