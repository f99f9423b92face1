import { apiTime } from '../../http/serialize.ts';
import { maskNickname } from '../../../lib/reviews.ts';
import type { ReviewItem, ReviewSummary } from '../../../lib/reviews.ts';
import { DELETED_MEMBER_NICKNAME } from '../users/resource.ts';
import type { ReviewPage, ReviewRow } from './service.ts';

/** A review as `viewerId` reads it: theirs or someone else's. */
export const reviewResource = (review: ReviewRow, viewerId: number | null = null): ReviewItem => ({
  id: review.id,
  reviewable_type: review.reviewableType,
  reviewable_id: review.reviewableId,
  rating: review.rating,
  masked_nickname: review.authorDeleted ? DELETED_MEMBER_NICKNAME : maskNickname(review.nickname),
  created_at: apiTime(review.createdAt),
  content: review.contentHtml,
  photo_image: review.photoImageUrl,
  is_mine: viewerId !== null && review.userId === viewerId,
});

export const reviewSummaryResource = ({ summary }: ReviewPage): ReviewSummary => ({
  count: summary.count,
  average: summary.average,
  photo_count: summary.photoCount,
});
