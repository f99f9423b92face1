import { apiTime } from '../../http/serialize.ts';
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
  valid_from: apiTime(coupon.validFrom),
  valid_until: apiTime(coupon.validUntil),
  used_at: apiTime(wallet.usedAt),
  created_at: apiTime(wallet.createdAt),
});

export const availableCouponResource = (view: CouponView & { discount: number }): AvailableCouponData => ({ ...couponResource(view), discount: view.discount });
