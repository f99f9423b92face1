import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ORDER_ITEM_STATUS_LABELS, ORDER_STATUS_LABELS, orderActions } from '../../../../lib/orders.ts';
import type { PaymentGateway } from '../../../adapters/payments/index.ts';
import type { Db } from '../../../db/client.ts';
import { orderItems, orders, payments, refunds, ritualSessions, users } from '../../../db/schema/index.ts';
import type { Order, OrderItem, OrderStatus } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../domain-errors.ts';
import { apiTime } from '../../../http/serialize.ts';
import { orderResource } from '../../orders/resource.ts';
import { refundOrderItems } from '../../orders/refunds.ts';
import { recordAudit } from '../audit.ts';
import type { AuditActor } from '../audit.ts';
import { ADMIN_ORDER_MESSAGES } from './order-schema.ts';
import type { AdminOrderListQuery, RefundInput, ShipInput } from './order-schema.ts';

/** The console's fulfilment steps: where each may start, and what it moves the order to. */
const STEPS = {
  prepare: { action: 'prepare', from: ['paid', 'partially_refunded'], to: 'preparing', refusal: ADMIN_ORDER_MESSAGES.notPreparable },
  ship: { action: 'ship', from: ['paid', 'preparing', 'partially_refunded'], to: 'shipping', refusal: ADMIN_ORDER_MESSAGES.notShippable },
  deliver: { action: 'deliver', from: ['shipping'], to: 'delivered', refusal: ADMIN_ORDER_MESSAGES.notDeliverable },
} as const satisfies Record<string, { action: string; from: readonly OrderStatus[]; to: OrderStatus; refusal: string }>;
type Step = keyof typeof STEPS;

/** Whether a product is still paid for: a session-only order (or one whose goods were refunded) ships nothing. */
const hasGoodsToShip = (items: OrderItem[]): boolean => items.some((item) => item.kind === 'product' && item.status === 'paid');

const canTake = (step: Step, order: Order, items: OrderItem[]): boolean =>
  (STEPS[step].from as readonly OrderStatus[]).includes(order.status) && hasGoodsToShip(items);

/**
 * What an audit row keeps of an order: its state, not the recipient's address and phone, which
 * an account deletion clears from the order and an append-only log could never give up.
 */
const auditedState = (order: Order) => ({
  status: order.status,
  refunded_amount: order.refundedAmount,
  shipping_carrier: order.shippingCarrier,
  tracking_number: order.trackingNumber,
  shipped_at: order.shippedAt,
  delivered_at: order.deliveredAt,
  cancelled_at: order.cancelledAt,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function searchCondition(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  const digits = q.replace(/\D/g, '');
  // Phones are stored as digits only; "010-1234" finds them too.
  const phone = /^[\d\s-]+$/.test(q) && digits.length >= 3 ? ilike(orders.recipientPhone, `%${digits}%`) : undefined;
  return or(ilike(orders.orderNumber, pattern), ilike(users.email, pattern), ilike(users.nickname, pattern), ilike(orders.recipientName, pattern), phone);
}

const SORT_COLUMNS = { created_at: orders.createdAt, paid_at: orders.paidAt, amount: orders.amount, id: orders.id } as const;

const listColumns = {
  order: orders,
  memberEmail: users.email,
  memberNickname: users.nickname,
};

type ListRow = { order: Order; memberEmail: string | null; memberNickname: string | null };

export const adminOrderListResource = ({ order, memberEmail, memberNickname }: ListRow) => ({
  id: order.id,
  order_number: order.orderNumber,
  title: order.title,
  status: order.status,
  status_label: ORDER_STATUS_LABELS[order.status],
  amount: order.amount,
  refunded_amount: order.refundedAmount,
  member_id: order.userId,
  member_email: memberEmail,
  member_nickname: memberNickname,
  recipient_name: order.recipientName,
  recipient_phone: order.recipientPhone,
  shipping_carrier: order.shippingCarrier,
  tracking_number: order.trackingNumber,
  created_at: apiTime(order.createdAt),
  paid_at: apiTime(order.paidAt),
  shipped_at: apiTime(order.shippedAt),
});

/** GET /api/admin/orders: one query for the page and one for the count, both through the member join. */
export async function listOrders(db: Db, query: AdminOrderListQuery) {
  const where = and(
    query.ids ? inArray(orders.id, query.ids) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(orders.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { data: rows.map(adminOrderListResource), total: total?.value ?? 0 };
}

/** GET /api/admin/orders/{id}: the order as the member sees it, with its member, money trail and the steps open to it. */
export async function orderDetail(db: Db, id: number) {
  const [row] = await db.select(listColumns).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id));
  if (!row) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
  const { order } = row;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  const sessionIds = items.flatMap((item) => (item.ritualSessionId === null ? [] : [item.ritualSessionId]));
  const [paymentRows, refundRows, sessionRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    sessionIds.length ? db.select({ id: ritualSessions.id, startsAt: ritualSessions.startsAt }).from(ritualSessions).where(inArray(ritualSessions.id, sessionIds)) : [],
  ]);
  const now = Date.now();
  const started = new Set(sessionRows.filter((session) => session.startsAt.getTime() <= now).map((session) => session.id));
  const data = orderResource({ order, items });
  // The member's own refund rules are the console's: the same function decides which buttons show.
  const refundable = orderActions(data, started);
  return {
    ...data,
    items: data.items.map((item) => ({ ...item, status_label: ORDER_ITEM_STATUS_LABELS[item.status] })),
    member: order.userId === null ? null : { id: order.userId, email: row.memberEmail, nickname: row.memberNickname },
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      payment_key: payment.paymentKey,
      amount: payment.amount,
      status: payment.status,
      created_at: apiTime(payment.createdAt),
    })),
    refunds: refundRows.map((refund) => ({ id: refund.id, order_item_id: refund.orderItemId, amount: refund.amount, reason: refund.reason, created_at: apiTime(refund.createdAt) })),
    actions: {
      prepare: canTake('prepare', order, items),
      ship: canTake('ship', order, items),
      deliver: canTake('deliver', order, items),
      refund: refundable.cancelPaid,
      refundable_item_ids: refundable.cancellableItemIds,
    },
    updated_at: apiTime(order.updatedAt),
  };
}

/** Moves an order one step along, under its row lock, with the audit row in the same transaction. */
async function advance(db: Db, actor: AuditActor, id: number, step: Step, values: Partial<Order>): Promise<void> {
  const { action, from, to, refusal } = STEPS[step];
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [before] = await txDb.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!before) throw notFound(ADMIN_ORDER_MESSAGES.notFound);
    if (!(from as readonly OrderStatus[]).includes(before.status)) throw conflict(refusal);
    const items = await txDb.select().from(orderItems).where(eq(orderItems.orderId, id));
    if (!hasGoodsToShip(items)) throw conflict(ADMIN_ORDER_MESSAGES.nothingToShip);
    const [after] = await txDb
      .update(orders)
      .set({ ...values, status: to })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(txDb, actor, { action, modelType: 'order', modelId: id, before: auditedState(before), after: auditedState(after!) });
  });
}

export const prepareOrder = (db: Db, actor: AuditActor, id: number) => advance(db, actor, id, 'prepare', {});

export const shipOrder = (db: Db, actor: AuditActor, id: number, input: ShipInput, now = new Date()) =>
  advance(db, actor, id, 'ship', { shippingCarrier: input.shipping_carrier, trackingNumber: input.tracking_number, shippedAt: now });

export const deliverOrder = (db: Db, actor: AuditActor, id: number, now = new Date()) => advance(db, actor, id, 'deliver', { deliveredAt: now });

const STAFF_REFUND_REASON = { whole: '판매자 전체 취소', item: '판매자 부분 취소' };

/** The member's own refund (orders service), asked by staff: same money rules, plus the audit row. */
export async function refundOrder(db: Db, gateway: PaymentGateway, actor: AuditActor, id: number, input: RefundInput): Promise<void> {
  const itemId = input.order_item_id ?? null;
  await refundOrderItems(db, gateway, {
    orderId: id,
    itemId,
    owner: null,
    reason: input.reason ?? (itemId === null ? STAFF_REFUND_REASON.whole : STAFF_REFUND_REASON.item),
    afterRefund: (tx, before, after) =>
      recordAudit(tx, actor, {
        action: itemId === null ? 'refund' : 'refund_item',
        modelType: 'order',
        modelId: id,
        before: auditedState(before),
        after: { ...auditedState(after), ...(itemId === null ? {} : { order_item_id: itemId }) },
      }),
  });
}
