import { z } from 'zod';
import { SHIPPING_CARRIERS } from '../../../../lib/orders.ts';
import { orderStatuses } from '../../../db/schema/index.ts';
import { idField } from '../../../http/route-id.ts';
import { pageQuery } from '../../../http/pagination.ts';
import { ADMIN_PER_PAGE, ADMIN_PER_PAGE_MAX } from '../crud.ts';

export const ADMIN_ORDER_MESSAGES = {
  notFound: '주문을 찾을 수 없어요.',
  notPreparable: '결제 완료된 주문만 상품 준비 중으로 바꿀 수 있어요.',
  notShippable: '결제 완료 또는 상품 준비 중인 주문만 발송 처리할 수 있어요.',
  notDeliverable: '배송 중인 주문만 배송 완료로 바꿀 수 있어요.',
  nothingToShip: '배송할 상품이 없는 주문이에요. 리추얼 신청만 남은 주문은 배송 처리할 수 없어요.',
  carrier: `택배사는 ${SHIPPING_CARRIERS.join(', ')} 중에서 골라 주세요.`,
  trackingNumber: '운송장 번호는 숫자와 영문 8~20자로 입력해 주세요.',
  orderItemId: '환불할 주문 상품을 찾을 수 없어요.',
  reason: '환불 사유는 100자 이내로 입력해 주세요.',
  status: '주문 상태를 목록에서 골라 주세요.',
  sort: '정렬 기준을 목록에서 골라 주세요.',
  order: 'order는 asc 또는 desc여야 합니다.',
  ids: 'ids는 쉼표로 구분한 숫자여야 합니다.',
} as const;

export const ADMIN_ORDER_SORTS = ['created_at', 'paid_at', 'amount', 'id'] as const;

/** GET /api/admin/orders: newest first; `q` finds an order number, a member or a recipient. */
export const adminOrderListQuery = pageQuery({ fallback: ADMIN_PER_PAGE, max: ADMIN_PER_PAGE_MAX }).extend({
  sort: z.enum(ADMIN_ORDER_SORTS, { error: ADMIN_ORDER_MESSAGES.sort }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: ADMIN_ORDER_MESSAGES.order }).default('desc'),
  q: z.string().trim().max(100).optional(),
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(orderStatuses, { error: ADMIN_ORDER_MESSAGES.status }).optional()),
  ids: z
    .string()
    .max(1200)
    .regex(/^\d{1,10}(,\d{1,10})*$/, ADMIN_ORDER_MESSAGES.ids)
    .transform((value) => value.split(',').map(Number).slice(0, ADMIN_PER_PAGE_MAX))
    .optional(),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuery>;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/admin/orders/{id}/shipping. Spaces and hyphens people copy from a carrier's page are dropped. */
export const shipInput = z.object({
  shipping_carrier: z.preprocess(trimmed, z.enum(SHIPPING_CARRIERS, { error: ADMIN_ORDER_MESSAGES.carrier })),
  tracking_number: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() : value),
    z.string({ error: ADMIN_ORDER_MESSAGES.trackingNumber }).regex(/^[0-9A-Z]{8,20}$/, ADMIN_ORDER_MESSAGES.trackingNumber),
  ),
});
export type ShipInput = z.output<typeof shipInput>;

/** POST /api/admin/orders/{id}/refund: the whole order, or one of its items. */
export const refundInput = z.object({
  order_item_id: z.preprocess((value) => (value === '' || value === null ? undefined : value), idField(ADMIN_ORDER_MESSAGES.orderItemId).optional()),
  reason: z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value ?? undefined), z.string({ error: ADMIN_ORDER_MESSAGES.reason }).max(100, ADMIN_ORDER_MESSAGES.reason).optional()),
});
export type RefundInput = z.output<typeof refundInput>;
