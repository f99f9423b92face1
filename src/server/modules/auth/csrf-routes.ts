import { Hono } from 'hono';
import type { AppConfig } from '../../config.ts';
import type { AppEnv } from '../../http/context.ts';
import { issueCsrfToken } from '../../http/csrf.ts';

export function csrfRoutes(config: AppConfig) {
  return new Hono<AppEnv>().get('/csrf-token', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ csrf_token: issueCsrfToken(c, config) });
  });
}
