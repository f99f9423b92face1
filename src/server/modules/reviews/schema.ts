import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_PHOTO_MAX_BYTES } from '../../../lib/reviews.ts';
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
  orderItemId: '후기를 쓸 주문 상품을 찾을 수 없어요.',
  mismatch: '이 주문 상품의 후기가 아니에요. 주문 내역에서 다시 시도해 주세요.',
  rating: '별점을 1점에서 5점 사이로 골라 주세요.',
  content: `후기를 ${REVIEW_CONTENT_MIN}자 이상 써 주세요.`,
  contentTooLong: `후기는 ${REVIEW_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 써 주세요.`,
  photoOne: '사진은 한 장만 올릴 수 있어요.',
  photoTooLarge: `사진은 ${REVIEW_PHOTO_MAX_BYTES / 1024 / 1024}MB 이하로 올려 주세요.`,
  photoNotImage: 'JPG, PNG, WEBP, GIF 사진만 올릴 수 있어요.',
  notFound: '후기를 찾을 수 없어요.',
  notAuthor: '내가 쓴 후기만 삭제할 수 있어요.',
} as const;

/** GET /api/reviews?reviewable_type=&reviewable_id=&is_only_image=1&page= */
export const reviewListQuery = pageQuery({ fallback: REVIEWS_PER_PAGE, max: REVIEWS_PER_PAGE_MAX }).extend({
  reviewable_type: z.enum(reviewableTypes, { error: REVIEW_MESSAGES.reviewableType }).default('product'),
  reviewable_id: idField(REVIEW_MESSAGES.reviewableId),
  is_only_image: flagField(),
});

// Multipart sends text: "5" is a rating, "4.5" and "6" are not.
const ratingField = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-5]$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.rating });
    return z.NEVER;
  }
  return Number(text);
});

/**
 * POST /api/reviews (multipart). The content's length is judged on its words after sanitising
 * (service); this only stops absurd bodies before any parsing.
 */
export const reviewCreateInput = z.object({
  reviewable_type: z.enum(reviewableTypes, { error: REVIEW_MESSAGES.reviewableType }),
  reviewable_id: idField(REVIEW_MESSAGES.reviewableId),
  order_item_id: idField(REVIEW_MESSAGES.orderItemId),
  rating: ratingField,
  // Too short as sent is too short whatever it holds, so it is told with the other fields.
  content: z
    .string({ error: REVIEW_MESSAGES.content })
    .max(REVIEW_CONTENT_MAX * 8, REVIEW_MESSAGES.contentTooLong)
    .refine((value) => [...value.trim()].length >= REVIEW_CONTENT_MIN, REVIEW_MESSAGES.content),
  // A form without a picture may send the name empty; any other text is not a picture.
  photo_image: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .array(z.instanceof(File, { error: REVIEW_MESSAGES.photoNotImage }), { error: REVIEW_MESSAGES.photoNotImage })
      .refine((files) => files.length <= 1, REVIEW_MESSAGES.photoOne)
      .refine((files) => files.every((file) => file.size <= REVIEW_PHOTO_MAX_BYTES), REVIEW_MESSAGES.photoTooLarge)
      .optional(),
  ),
});

export type ReviewCreateInput = z.output<typeof reviewCreateInput>;
