/** A coupon in a member's wallet, as the API, /mypage/coupon and the checkout see it. */
export interface CouponData {
  /** The wallet entry: what an order's `coupon_user_id` names. */
  id: number;
  coupon_id: number;
  code: string;
  name: string;
  kind: 'percent' | 'fixed';
  value: number;
  max_discount: number | null;
  min_order_amount: number;
  applies_to: 'all' | 'products' | 'rituals';
  valid_from: string | null;
  valid_until: string | null;
  used_at: string | null;
  created_at: string;
}

/** GET /api/coupons/available: a usable coupon with what it takes off the amount asked about. */
export interface AvailableCouponData extends CouponData {
  discount: number;
}

export type CouponState = 'available' | 'used';

/** `10% 최대 5,000원 할인` or `3,000원 할인`. */
export function couponDiscountLabel(coupon: Pick<CouponData, 'kind' | 'value' | 'max_discount'>, won: (value: number) => string): string {
  if (coupon.kind === 'fixed') return `${won(coupon.value)} 할인`;
  return coupon.max_discount === null ? `${coupon.value}% 할인` : `${coupon.value}% 할인 (최대 ${won(coupon.max_discount)})`;
}

export const COUPON_SCOPE_LABELS: Record<CouponData['applies_to'], string> = {
  all: '모든 상품과 리추얼',
  products: '셀프케어 툴샵 상품',
  rituals: '리추얼 신청',
};

/** Why a coupon sits in 사용 완료·만료: used, or past its validity. */
export const spentLabel = (coupon: Pick<CouponData, 'used_at'>): string => (coupon.used_at ? '사용 완료' : '기간 만료');
