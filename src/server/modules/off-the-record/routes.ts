import { Hono } from 'hono';
import type { OffTheRecordKind } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../domain-errors.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import { readerOf, requireMember } from '../../http/visitor.ts';
import { toggleSave } from '../saves/service.ts';
import { recordCategoryResource, recordDetailResource, recordItemResource } from './resource.ts';
import { OFF_THE_RECORD_MESSAGES, recordListQuery, savedListQuery } from './schema.ts';
import { findOffTheRecord, listOffTheRecords, listRecordCategories, listSavedOffTheRecords, OFF_THE_RECORD_MODEL } from './service.ts';

/** The lists are the same for everyone and change a few times a week. */
const LIST_CACHE = 'public, max-age=60';

const recordId = (c: AppContext): number => idParam(c, 'id', OFF_THE_RECORD_MESSAGES.notFound);

export function offTheRecordRoutes(db: Db) {
  const list = (kind?: OffTheRecordKind) => async (c: AppContext) => {
    const query = validateQuery(c, recordListQuery);
    const page = await listOffTheRecords(db, { categoryId: query.category_id, kind, page: query.page, perPage: query.per_page });
    c.header('Cache-Control', LIST_CACHE);
    return c.json({ data: page.items.map(recordItemResource), meta: pageMeta(page.page, page.perPage, page.total) });
  };

  return new Hono<AppEnv>()
    .get('/api/off-the-record-categories', async (c) => {
      c.header('Cache-Control', LIST_CACHE);
      return c.json({ data: (await listRecordCategories(db)).map(recordCategoryResource) });
    })
    .get('/api/off-the-records', list())
    .get('/api/off-the-record-reviews', list('review'))
    .get('/api/off-the-record-interviews', list('interview'))
    .get('/api/off-the-records/saved', async (c) => {
      const user = requireMember(c);
      const query = validateQuery(c, savedListQuery);
      const page = await listSavedOffTheRecords(db, user.id, { page: query.page, perPage: query.per_page });
      return c.json({ data: page.items.map(recordItemResource), meta: pageMeta(page.page, page.perPage, page.total) });
    })
    .get('/api/off-the-records/:id', async (c) => {
      const record = await findOffTheRecord(db, readerOf(c), recordId(c));
      if (!record) throw notFound(OFF_THE_RECORD_MESSAGES.notFound);
      return c.json({ data: recordDetailResource(record) });
    })
    .post('/api/off-the-records/:id/toggle-save', async (c) => {
      const user = requireMember(c);
      const saved = await toggleSave(db, { ...readerOf(c), userId: user.id }, OFF_THE_RECORD_MODEL, recordId(c));
      return c.json({ data: { saved } });
    });
}
