import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import type { Readiness } from '../../http/readiness.ts';

/**
 * `/healthz`, liveness: the process answers and its database too; a load balancer that fails it
 * takes the instance out, an orchestrator restarts it. `/readyz`, readiness: whether to send the
 * instance traffic now; it says no (503) before start-up has finished and from the start of a
 * shutdown, while the requests under way still finish (docs/operations.md).
 */
export function healthRoutes(db: Db, readiness: Readiness) {
  return new Hono<AppEnv>()
    .get('/healthz', async (c) => {
      c.header('Cache-Control', 'no-store');
      try {
        await db.execute(sql`select 1`);
        return c.json({ status: 'ok', database: 'ok' });
      } catch (error) {
        c.get('log').error({ err: error }, 'health check: database unavailable');
        return c.json({ status: 'error', database: 'unavailable' }, 503);
      }
    })
    .get('/readyz', (c) => {
      c.header('Cache-Control', 'no-store');
      const { state } = readiness;
      return state === 'ready' ? c.json({ status: state }) : c.json({ status: state }, 503, { 'Retry-After': '5' });
    });
}
