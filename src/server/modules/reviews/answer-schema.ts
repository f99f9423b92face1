import { z } from 'zod';
import { reviewableTypes } from '../../db/schema/reviews.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { reviewResource, reviewSummaryResource } from './resource.ts';

export const reviewAnswer = z
  .strictObject({
    id: z.int(),
    reviewable_type: z.enum(reviewableTypes),
    reviewable_id: z.int(),
    rating: z.int().min(1).max(5),
    masked_nickname: z.string(),
    created_at: apiTimeAnswer,
    content: z.string(),
    photo_image: z.string().nullable(),
    is_mine: z.boolean(),
  })
  .meta({ id: 'Review' });

export type ReviewAnswer = Conforms<ReturnType<typeof reviewResource>, z.infer<typeof reviewAnswer>>;

export const reviewSummaryAnswer = z
  .strictObject({ count: z.int().min(0), average: z.number().min(0).max(5), photo_count: z.int().min(0) })
  .meta({ id: 'ReviewSummary' });

export type ReviewSummaryAnswer = Conforms<ReturnType<typeof reviewSummaryResource>, z.infer<typeof reviewSummaryAnswer>>;
