import { Hono } from 'hono';
import { seoulMonthOf } from '../../../lib/program-calendar.ts';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { programEventResource } from './resource.ts';
import { programEventsQuery } from './schema.ts';
import { listProgramEvents } from './service.ts';

export function programRoutes(db: Db) {
  return new Hono<AppEnv>().get('/api/program-events', async (c) => {
    const query = validateQuery(c, programEventsQuery);
    const current = seoulMonthOf(Date.now());
    const month = { year: query.year ?? current.year, month: query.month ?? current.month };
    const events = await listProgramEvents(db, month);
    return c.json({ data: events.map(programEventResource), meta: month });
  });
}
