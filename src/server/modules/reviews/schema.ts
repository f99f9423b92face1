import { z } from 'zod';
import { reviewableTypes } from '../../db/schema/index.ts';
import { flagField } from '../../http/flag-field.ts';
import { pageQuery } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';

export const REVIEWS_PER_PAGE = 10;
export const REVIEWS_PER_PAGE_MAX = 50;

export const REVIEW_MESSAGES = {
  reviewableType: `reviewable_type은 ${reviewableTypes.join(', ')} 중 하나여야 합니다.`,
  reviewableId: '후기를 볼 항목을 선택해 주세요.',
  ritualNotFound: '리추얼을 찾을 수 없어요.',
  productNotFound: '상품을 찾을 수 없어요.',
} as const;

/** GET /api/reviews?reviewable_type=&reviewable_id=&is_only_image=1&page= */
export const reviewListQuery = pageQuery({ fallback: REVIEWS_PER_PAGE, max: REVIEWS_PER_PAGE_MAX }).extend({
  reviewable_type: z.enum(reviewableTypes, { error: REVIEW_MESSAGES.reviewableType }).default('product'),
  reviewable_id: idField(REVIEW_MESSAGES.reviewableId),
  is_only_image: flagField(),
});
