import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageMeta, pageQuery } from '../../http/pagination.ts';
import { listLegacyUsage } from '../legacy/service.ts';
import { ADMIN_PER_PAGE, ADMIN_PER_PAGE_MAX } from './crud.ts';
import { pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { legacyUsageAnswer } from './legacy-usage-answer-schema.ts';

const listQuery = pageQuery({ fallback: ADMIN_PER_PAGE, max: ADMIN_PER_PAGE_MAX });

/** Who still calls the legacy /v1 paths: read-only, the calls themselves write it. */
export function legacyUsageRoutes(db: Db) {
  return new Hono<AppEnv>().get('/api/admin/legacy-usage', async (c) => {
    const query = validateQuery(c, listQuery);
    const { rows, total } = await listLegacyUsage(db, { page: query.page, perPage: query.per_page });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: rows, meta: pageMeta(query.page, query.per_page, total) });
  });
}

export const legacyUsageOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/legacy-usage', summary: '옛 /v1 경로 사용량 (날마다)', access: 'staff', query: listQuery, answers: { 200: pageOf(legacyUsageAnswer) } },
];
