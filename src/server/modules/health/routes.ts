import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      c.get('log').error({ err: error }, 'health check: database unavailable');
      return c.json({ status: 'error', database: 'unavailable' }, 503);
    }
  });
}
