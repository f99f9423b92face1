/**
 * Reviews as the API answers them (SPEC section 3 "Review"; API-CONVENTIONS.md "Reviews"): one
 * type, written by src/server/modules/reviews/resource.ts and read by the pages and islands alike,
 * with the rules a review form and the server share.
 */

export type ReviewableType = 'product' | 'ritual';

export interface ReviewItem {
  id: number;
  reviewable_type: ReviewableType;
  reviewable_id: number;
  /** 1 to 5; drawn as 20 % of the bar's width a star. */
  rating: number;
  masked_nickname: string;
  created_at: string;
  /** Sanitised HTML, rendered as it is. */
  content: string;
  photo_image: string | null;
  /** Whether the reader wrote it (and so may delete it). */
  is_mine: boolean;
}

export interface ReviewSummary {
  count: number;
  /** One decimal; 0 while there is no review. */
  average: number;
  photo_count: number;
}

export const STAR_PERCENT = 20;
export const RATING_LABELS = ['별로예요', '아쉬워요', '보통이에요', '좋아요', '최고예요'] as const;

export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 1000;
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** Where a member writes the review of one line of their order. */
export const reviewWritePath = (orderItemId: number): string => `/mypage/reviews/write?order_item_id=${orderItemId}`;

const MASK = '***';
const KEPT = 2;

function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter('ko', { granularity: 'grapheme' }).segment(text), (part) => part.segment);
}

/**
 * `리추얼러` → `리추***`: the first two characters kept, so that a member recognises their own
 * review and nobody else learns who wrote it. A name of one or two characters keeps one fewer,
 * never the whole name. Counted in what a person sees as characters (an emoji with its joiners is one).
 */
export function maskNickname(nickname: string): string {
  const characters = graphemes(nickname.trim());
  const kept = Math.min(KEPT, Math.max(0, characters.length - 1));
  return `${characters.slice(0, kept).join('')}${MASK}`;
}

export interface ReviewableLine {
  kind: 'product' | 'ritual_session';
  status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  orderStatus: string;
  /** What it would review: the product, or the session's ritual; null once that is gone. */
  reviewableId: number | null;
  /** The session's end, for a ritual session. */
  sessionEndsAt: Date | null;
  reviewId: number | null;
}

export const REVIEW_REFUSALS = {
  reviewed: '이미 후기를 쓴 주문 상품이에요.',
  unpaid: '결제를 마친 주문 상품에만 후기를 쓸 수 있어요.',
  withdrawn: '취소하거나 환불한 주문 상품에는 후기를 쓸 수 없어요.',
  undelivered: '배송이 완료된 뒤에 후기를 쓸 수 있어요.',
  sessionRunning: '리추얼 기수가 끝난 뒤에 후기를 쓸 수 있어요.',
  gone: '판매가 끝나 후기를 쓸 수 없는 상품이에요.',
} as const;

const CLOSED_ORDERS = new Set(['pending', 'cancelled', 'refunded']);
// A product is reviewed once it is in the member's hands: 배송 완료, or 구매 확정 after it.
const RECEIVED_ORDERS = new Set(['delivered', 'purchase_confirmed']);

/**
 * Why this line of the member's own order cannot be reviewed now, or null when it can: paid and
 * not given back, what it bought still there, a product delivered or a session over, and no review yet.
 */
export function reviewRefusal(line: ReviewableLine, now: Date): string | null {
  if (line.reviewId !== null) return REVIEW_REFUSALS.reviewed;
  if (line.status === 'cancelled' || line.status === 'refunded') return REVIEW_REFUSALS.withdrawn;
  if (line.status !== 'paid' || CLOSED_ORDERS.has(line.orderStatus)) return REVIEW_REFUSALS.unpaid;
  if (line.reviewableId === null) return REVIEW_REFUSALS.gone;
  if (line.kind === 'product' && !RECEIVED_ORDERS.has(line.orderStatus)) return REVIEW_REFUSALS.undelivered;
  if (line.kind === 'ritual_session' && (line.sessionEndsAt === null || line.sessionEndsAt > now)) return REVIEW_REFUSALS.sessionRunning;
  return null;
}

/** What a line's review waits for before it opens: the parcel, or the session's end. */
export type ReviewWait = 'delivery' | 'session_end';

/** Said beside a line whose review has not opened yet, where 리뷰 쓰기 will be. */
export const REVIEW_WAIT_NOTES: Record<ReviewWait, string> = {
  delivery: '배송 완료 후 리뷰를 쓸 수 있어요.',
  session_end: '리추얼 기수가 끝나면 리뷰를 쓸 수 있어요.',
};

/** Whether a refusal is only a matter of time, and what it waits for. */
export function reviewWaitOf(refusal: string | null): ReviewWait | null {
  if (refusal === REVIEW_REFUSALS.undelivered) return 'delivery';
  if (refusal === REVIEW_REFUSALS.sessionRunning) return 'session_end';
  return null;
}
