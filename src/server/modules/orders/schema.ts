import { z } from 'zod';
import { idField, routeId } from '../../http/route-id.ts';
import { pageQuery } from '../../http/pagination.ts';
import { CART_LINES_MAX, postalCodeField } from '../store/schema.ts';

export const ORDERS_PER_PAGE = 10;

/** GET /api/orders/me?page=&per_page= */
export const orderListQuery = pageQuery({ fallback: ORDERS_PER_PAGE, max: 50 });

export const ORDER_MESSAGES = {
  cartItemIds: '주문할 장바구니 상품을 선택해 주세요.',
  nothingToOrder: '주문할 상품이 없어요. 장바구니나 바로 구매로 다시 시도해 주세요.',
  couponUserId: '쿠폰을 찾을 수 없어요.',
  recipientName: '받는 분 이름을 입력해 주세요.',
  recipientPhone: '받는 분 연락처를 숫자 9~11자리로 입력해 주세요.',
  address: '주소를 입력해 주세요.',
  addressDetail: '상세 주소는 100자 이내로 입력해 주세요.',
  memo: '배송 메모는 100자 이내로 입력해 주세요.',
  orderNotFound: '주문을 찾을 수 없어요.',
  orderItemNotFound: '주문한 상품을 찾을 수 없어요.',
  notPending: '결제 대기 중인 주문만 이렇게 취소할 수 있어요.',
  notRefundable: '배송을 시작하기 전의 결제 완료 주문만 취소할 수 있어요.',
  itemNotRefundable: '이미 취소했거나 환불할 수 없는 상품이에요.',
  sessionStarted: '이미 시작한 리추얼 기수는 환불할 수 없어요.',
  orderId: '결제할 주문을 찾을 수 없어요.',
  paymentKey: '결제 정보가 없어요. 결제를 다시 시도해 주세요.',
  amount: '결제 금액이 주문 금액과 달라요. 주문서를 새로 고쳐 다시 결제해 주세요.',
  notPayable: '결제할 수 없는 주문이에요. 이미 취소되었는지 확인해 주세요.',
  productGone: (name: string) => `${name}은(는) 더 이상 판매하지 않아요.`,
  soldOut: (name: string) => `${name}은(는) 품절되었어요.`,
  stockShort: (name: string, stock: number) => (stock > 0 ? `${name}의 재고가 ${stock}개 남았어요. 수량을 줄여 주세요.` : `${name}은(는) 품절되었어요.`),
  sessionGone: '신청할 수 있는 리추얼 기수를 찾을 수 없어요.',
  sessionFull: (title: string) => `${title}은(는) 정원이 다 찼어요.`,
  sessionJoined: (title: string) => `이미 ${title}에 참여하고 있어요.`,
  couponUsed: '이미 사용한 쿠폰이에요.',
  couponExpired: '사용 기간이 아닌 쿠폰이에요.',
  couponMinimum: (amount: string) => `${amount} 이상 주문할 때 쓸 수 있는 쿠폰이에요.`,
  couponScope: '이 주문에는 쓸 수 없는 쿠폰이에요.',
  ranOut: '결제하는 사이에 재고나 정원이 소진되어 주문을 취소했어요. 결제하신 금액은 전액 취소되었어요.',
  couponTaken: '결제하는 사이에 이 쿠폰이 다른 주문에 사용되어 주문을 취소했어요. 결제하신 금액은 전액 취소되었어요.',
  providerUnavailable: '결제사와 연결되지 않아 결제를 확인하지 못했어요. 잠시 후 다시 시도해 주세요.',
} as const;

const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const text = (max: number, message: string) => z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string({ error: message }).min(1, message).max(max, message));
const optionalText = (max: number, message: string) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : blankAsAbsent(value)), z.string({ error: message }).max(max, message).optional());

const cartItemIds = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
  z
    .array(z.unknown(), { error: ORDER_MESSAGES.cartItemIds })
    .min(1, ORDER_MESSAGES.cartItemIds)
    .max(CART_LINES_MAX, ORDER_MESSAGES.cartItemIds)
    .transform((values, ctx) => {
      const ids = values.map(routeId);
      if (ids.some((id) => id === null)) {
        ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.cartItemIds });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    })
    .optional(),
);

/** POST /api/orders. The address is checked by the service: a session-only order needs none. */
export const orderCreateInput = z.object({
  cart_item_ids: cartItemIds,
  from_temp_cart: z.preprocess((value) => value === true || value === 'true' || value === '1' || value === 1, z.boolean()),
  coupon_user_id: z.preprocess(blankAsAbsent, idField(ORDER_MESSAGES.couponUserId).optional()),
  recipient_name: optionalText(30, ORDER_MESSAGES.recipientName),
  recipient_phone: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') || undefined : blankAsAbsent(value)),
    z.string({ error: ORDER_MESSAGES.recipientPhone }).regex(/^0\d{8,10}$/, ORDER_MESSAGES.recipientPhone).optional(),
  ),
  postal_code: z.preprocess(blankAsAbsent, postalCodeField.optional()),
  address: optionalText(200, ORDER_MESSAGES.address),
  address_detail: optionalText(100, ORDER_MESSAGES.addressDetail),
  memo: optionalText(100, ORDER_MESSAGES.memo),
});
export type OrderCreateInput = z.output<typeof orderCreateInput>;

/** POST /api/orders/confirm: the order by id or by its number, as the provider's redirect gives it. */
export const orderConfirmInput = z.object({
  order_id: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(64, ORDER_MESSAGES.orderId)),
  payment_key: text(200, ORDER_MESSAGES.paymentKey),
  amount: z.preprocess((value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value), z.number({ error: ORDER_MESSAGES.amount }).int(ORDER_MESSAGES.amount).min(0, ORDER_MESSAGES.amount)),
});
export type OrderConfirmInput = z.output<typeof orderConfirmInput>;
