import type { AvailableCouponData, CouponData } from '../../../lib/coupons.ts';
import type { CouponView } from './service.ts';

export const couponResource = ({ wallet, coupon }: CouponView): CouponData => ({
  id: wallet.id,
  coupon_id: coupon.id,
  code: coupon.code,
  name: coupon.name,
  kind: coupon.kind,
  value: coupon.value,
  max_discount: coupon.maxDiscount,
  min_order_amount: coupon.minOrderAmount,
  applies_to: coupon.appliesTo,
  valid_from: coupon.validFrom?.toISOString() ?? null,
  valid_until: coupon.validUntil?.toISOString() ?? null,
  used_at: wallet.usedAt?.toISOString() ?? null,
  created_at: wallet.createdAt.toISOString(),
});

export const availableCouponResource = (view: CouponView & { discount: number }): AvailableCouponData => ({ ...couponResource(view), discount: view.discount });
