import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { idParam } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { reviewResource, reviewSummaryResource } from './resource.ts';
import { REVIEW_MESSAGES, reviewCreateInput, reviewListQuery } from './schema.ts';
import { findReview, listReviews } from './service.ts';
import { createReview, deleteReview } from './write-service.ts';

// Once per paid line already bounds a member's reviews; this only stops a script retrying photos.
const WRITE_RULE = { name: 'review-write', limit: 30, windowSeconds: 3600 };

export function reviewRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>()
    .get('/api/reviews', async (c) => {
      const query = validateQuery(c, reviewListQuery);
      const page = await listReviews(db, {
        type: query.reviewable_type,
        id: query.reviewable_id,
        onlyWithPhoto: query.is_only_image,
        page: query.page,
        perPage: query.per_page,
      });
      const viewerId = c.get('user')?.id ?? null;
      return c.json({
        data: page.items.map((review) => reviewResource(review, viewerId)),
        meta: { ...pageMeta(page.page, page.perPage, page.total), review_summary: reviewSummaryResource(page) },
      });
    })
    .post('/api/reviews', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, reviewCreateInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      const id = await createReview(db, storage, user, input);
      c.get('log').info({ userId: user.id, reviewId: id }, 'review created');
      return c.json({ data: reviewResource(await findReview(db, id), user.id) }, 201);
    })
    .delete('/api/reviews/:id', async (c) => {
      const user = requireMember(c);
      const id = idParam(c, 'id', REVIEW_MESSAGES.notFound);
      const photo = await deleteReview(db, user, id);
      const key = photo === null ? null : storage.keyOf(photo);
      if (key !== null) {
        // The review is gone either way: a file that could not be removed is logged, not the member's failure.
        await storage.delete(key).catch((error: unknown) => c.get('log').warn({ err: error, key }, 'review photo not deleted'));
      }
      c.get('log').info({ userId: user.id, reviewId: id }, 'review deleted');
      return c.body(null, 204);
    });
}
