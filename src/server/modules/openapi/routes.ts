import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { openApiDocument } from './document.ts';

export function openApiRoutes() {
  return new Hono<AppEnv>().get('/api/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument());
  });
}
