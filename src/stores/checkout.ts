import { atom, map } from 'nanostores';
import type { ValidationErrors } from '../lib/api-errors.ts';
import { isApiError } from '../lib/api-errors.ts';
import { availableCoupons, couponDiscount, registerCoupon } from '../lib/api/coupons.ts';
import { cancelPendingOrder, createOrder } from '../lib/api/orders.ts';
import type { OrderDraft } from '../lib/api/orders.ts';
import { isolatedRegion } from '../lib/api/store.ts';
import { checkoutPreview } from '../lib/checkout.ts';
import type { CheckoutLine, CheckoutSource } from '../lib/checkout.ts';
import type { AvailableCouponData } from '../lib/coupons.ts';
import type { OrderData } from '../lib/orders.ts';
import type { IsolatedRegionData } from '../lib/store.ts';

export type AddressField = 'recipient_name' | 'recipient_phone' | 'postal_code' | 'address' | 'address_detail' | 'memo';
export type Address = Record<AddressField, string>;
/** What registering a code came to: a note to show, or the failure for the island to word. */
export type CodeOutcome = { tone: 'success'; text: string } | { tone: 'error'; failure: unknown } | null;

const POSTAL_CODE = /^\d{5}$/;

/**
 * The checkout of one set of lines (/checkout): the coupons the member may use, the 도서산간
 * surcharge and the coupon's discount previewed as the member types, registering a code, and the
 * pending order, whose amount is the one paid. Answers to older questions never overwrite newer ones.
 * A failure is kept as itself (`failure`, the code's in `code`); the island words it.
 */
export function createCheckout(from: CheckoutSource, lines: CheckoutLine[]) {
  const preview = checkoutPreview(lines);
  const productIds = [...new Set(lines.flatMap((line) => (line.product_id === null ? [] : [line.product_id])))];
  const $coupons = atom<AvailableCouponData[]>([]);
  const $couponId = atom('');
  const $discount = atom(0);
  const $region = atom<IsolatedRegionData | null>(null);
  const $order = atom<OrderData | null>(null);
  const $state = map({ busy: false, errors: {} as ValidationErrors, failure: undefined as unknown, code: null as CodeOutcome });

  const loadCoupons = async (): Promise<AvailableCouponData[]> => {
    const coupons = await availableCoupons(preview.items_amount, productIds);
    $coupons.set(coupons);
    return coupons;
  };

  let regionAsked = '';
  const lookUpRegion = (postalCode: string): void => {
    regionAsked = postalCode;
    if (!preview.needs_address || !POSTAL_CODE.test(postalCode)) {
      $region.set(null);
      return;
    }
    isolatedRegion(postalCode).then(
      (region) => regionAsked === postalCode && $region.set(region),
      () => regionAsked === postalCode && $region.set(null),
    );
  };

  const chooseCoupon = (couponId: string): void => {
    $couponId.set(couponId);
    if (couponId === '') {
      $discount.set(0);
      return;
    }
    couponDiscount({ coupon_user_id: Number(couponId), amount: preview.items_amount }).then(
      ({ discount }) => $couponId.get() === couponId && $discount.set(discount),
      () => $couponId.get() === couponId && $discount.set(0),
    );
  };

  /** Resolves true when the code went in (the field is then emptied). */
  const registerCode = async (code: string): Promise<boolean> => {
    $state.setKey('code', null);
    try {
      const coupon = await registerCoupon({ code });
      const usable = await loadCoupons();
      if (usable.some((item) => item.id === coupon.id)) {
        chooseCoupon(String(coupon.id));
        $state.setKey('code', { tone: 'success', text: `${coupon.name} 쿠폰을 등록하고 적용했어요.` });
      } else {
        $state.setKey('code', { tone: 'success', text: `${coupon.name} 쿠폰을 등록했어요. 이 주문에는 쓸 수 없어요.` });
      }
      return true;
    } catch (error) {
      $state.setKey('code', { tone: 'error', failure: error });
      return false;
    }
  };

  const placeOrder = async (address: Address): Promise<void> => {
    $state.set({ ...$state.get(), busy: true, errors: {}, failure: undefined });
    const couponId = $couponId.get();
    const draft: OrderDraft = {
      ...(from === 'cart' ? { cart_item_ids: lines.flatMap((line) => (line.cart_item_id === null ? [] : [line.cart_item_id])) } : { from_temp_cart: true }),
      ...(couponId === '' ? {} : { coupon_user_id: Number(couponId) }),
      ...(preview.needs_address ? address : {}),
    };
    try {
      $order.set(await createOrder(draft));
    } catch (error) {
      $state.set({ ...$state.get(), errors: isApiError(error) && error.status === 422 ? error.errors : {}, failure: error });
    } finally {
      $state.setKey('busy', false);
    }
  };

  // The pending order is given up (it stays in my orders as cancelled) so that a changed form makes a new one.
  const editOrder = async (): Promise<void> => {
    const order = $order.get();
    if (!order) return;
    $state.setKey('busy', true);
    try {
      await cancelPendingOrder(order.id);
      $order.set(null);
    } catch (error) {
      $state.setKey('failure', error);
    } finally {
      $state.setKey('busy', false);
    }
  };

  return {
    preview,
    $coupons,
    $couponId,
    $discount,
    $region,
    $order,
    $state,
    /** The lines are fixed for the page's life: the coupons are read once, then after a code is registered. */
    start: (): void => void loadCoupons().catch(() => $coupons.set([])),
    lookUpRegion,
    chooseCoupon,
    registerCode,
    placeOrder,
    editOrder,
  };
}
