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
