import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { reviewResource, reviewSummaryResource } from './resource.ts';
import { reviewListQuery } from './schema.ts';
import { listReviews } from './service.ts';

export function reviewRoutes(db: Db) {
  return new Hono<AppEnv>().get('/api/reviews', async (c) => {
    const query = validateQuery(c, reviewListQuery);
    const page = await listReviews(db, {
      type: query.reviewable_type,
      id: query.reviewable_id,
      onlyWithPhoto: query.is_only_image,
      page: query.page,
      perPage: query.per_page,
    });
    return c.json({
      data: page.items.map(reviewResource),
      meta: { ...pageMeta(page.page, page.perPage, page.total), review_summary: reviewSummaryResource(page) },
    });
  });
}
