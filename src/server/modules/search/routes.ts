import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { readerOf } from '../../http/visitor.ts';
import { searchQuery } from './schema.ts';
import { searchExplorer } from './service.ts';

export function searchRoutes(db: Db) {
  return new Hono<AppEnv>().get('/api/explorer-search', async (c) => {
    const { q } = validateQuery(c, searchQuery);
    return c.json({ data: await searchExplorer(db, q, readerOf(c)) });
  });
}
