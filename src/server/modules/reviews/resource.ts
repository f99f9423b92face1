import { maskNickname } from '../../../lib/reviews.ts';
import type { ReviewItem, ReviewSummary } from '../../../lib/reviews.ts';
import { DELETED_MEMBER_NICKNAME } from '../users/resource.ts';
import type { ReviewPage, ReviewRow } from './service.ts';

export const reviewResource = (review: ReviewRow): ReviewItem => ({
  id: review.id,
  rating: review.rating,
  masked_nickname: review.authorDeleted ? DELETED_MEMBER_NICKNAME : maskNickname(review.nickname),
  created_at: review.createdAt.toISOString(),
  content: review.contentHtml,
  photo_image: review.photoImageUrl,
});

export const reviewSummaryResource = ({ summary }: ReviewPage): ReviewSummary => ({
  count: summary.count,
  average: summary.average,
  photo_count: summary.photoCount,
});
