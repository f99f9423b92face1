import { and, asc, desc, eq, exists, gt, inArray, or } from 'drizzle-orm';
import type { DeletionLineOutcome, DeletionPreview } from '../../../lib/account-deletion.ts';
import { ORDER_STATUS_LABELS, orderActions } from '../../../lib/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, payments, refunds, ritualSessions } from '../../db/schema/index.ts';
import type { Order, OrderItem, OrderStatus } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';
import { orderResource } from './resource.ts';

/** Card refunds reach the member within 3-7 business days: about this many calendar days. */
const REFUND_SETTLING_DAYS = 10;
const DAY_MS = 86_400_000;
// A provider's label is shown in a sentence; nothing longer is a payment method.
const METHOD_MAX = 20;

// Paid orders that may still hold something running: money to give back, a seat, a parcel.
const HOLDING: OrderStatus[] = ['paid', 'preparing', 'partially_refunded', 'shipping', 'delivered', 'purchase_confirmed'];

export interface LiveLine {
  item: OrderItem;
  session: { startsAt: Date; endsAt: Date } | null;
  outcome: DeletionLineOutcome;
}

/**
 * How deleting the account gives an order's money back, by the orders service's own rules: the
 * whole rest of it, the lines that may be refunded alone (a session begun may not), or a payment
 * the provider charged for an order already cancelled, still owed to the member.
 */
export type RefundPlan = { kind: 'whole' } | { kind: 'lines'; itemIds: number[] } | { kind: 'owed'; paymentKey: string } | null;

export interface LiveOrder {
  order: Order;
  lines: LiveLine[];
  refund: RefundPlan;
  refundAmount: number;
  paymentMethod: string | null;
}

export interface LivePurchases {
  orders: LiveOrder[];
  refundsUnderWay: { order: Order; amount: number; createdAt: Date; paymentMethod: string | null }[];
}

/** Toss names the method (카드, 간편결제 …) and, for an easy payment, its wallet (토스페이 …). */
function paymentMethodOf(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return null;
  const { method, easyPay } = raw as { method?: unknown; easyPay?: unknown };
  const wallet = easyPay && typeof easyPay === 'object' ? (easyPay as { provider?: unknown }).provider : undefined;
  const label = typeof wallet === 'string' && wallet.trim() ? wallet : method;
  return typeof label === 'string' && label.trim() ? label.trim().slice(0, METHOD_MAX) : null;
}

type Plan = Pick<LiveOrder, 'lines' | 'refund' | 'refundAmount'>;

function planFor(order: Order, items: OrderItem[], sessions: Map<number, { startsAt: Date; endsAt: Date }>, owedKey: string | undefined, now: Date): Plan | null {
  const sessionOf = (item: OrderItem) => (item.ritualSessionId === null ? null : (sessions.get(item.ritualSessionId) ?? null));
  if (order.status === 'cancelled') {
    if (!owedKey) return null;
    const lines = items.map((item) => ({ item, session: sessionOf(item), outcome: 'refund' as const }));
    return { lines, refund: { kind: 'owed', paymentKey: owedKey }, refundAmount: order.amount - order.refundedAmount };
  }
  const started = new Set([...sessions].filter(([, session]) => session.startsAt <= now).map(([id]) => id));
  const actions = orderActions(orderResource({ order, items }), started);
  const paid = items.filter((item) => item.status === 'paid');
  const refunded = paid.filter((item) => actions.cancelPaid || actions.cancellableItemIds.includes(item.id));
  const lines = paid.flatMap((item): LiveLine[] => {
    const session = sessionOf(item);
    const line = (outcome: DeletionLineOutcome) => [{ item, session, outcome }];
    if (refunded.includes(item)) return line('refund');
    if (item.kind === 'ritual_session') {
      if (!session || session.endsAt <= now) return [];
      return line(session.startsAt <= now ? 'session_running' : 'not_refundable');
    }
    return order.status === 'shipping' ? line('shipping') : [];
  });
  if (lines.length === 0) return null;
  if (actions.cancelPaid) return { lines, refund: { kind: 'whole' }, refundAmount: order.amount - order.refundedAmount };
  if (refunded.length === 0) return { lines, refund: null, refundAmount: 0 };
  const amount = refunded.reduce((sum, item) => sum + item.lineAmount - item.discountShare, 0);
  return { lines, refund: { kind: 'lines', itemIds: refunded.map((item) => item.id) }, refundAmount: amount };
}

/** The member's orders that still hold money, a seat or a parcel, and what deleting the account does to each. */
export async function liveOrdersOf(db: Db, userId: number, now: Date): Promise<LiveOrder[]> {
  const owed = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), eq(payments.status, 'confirmed')));
  const list = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), or(inArray(orders.status, HOLDING), and(eq(orders.status, 'cancelled'), exists(owed)))))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (list.length === 0) return [];
  const ids = list.map((order) => order.id);
  const [items, paymentRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select({ orderId: payments.orderId, paymentKey: payments.paymentKey, status: payments.status, raw: payments.raw }).from(payments).where(inArray(payments.orderId, ids)),
  ]);
  const sessionIds = [...new Set(items.flatMap((item) => (item.ritualSessionId === null ? [] : [item.ritualSessionId])))];
  const sessionRows = sessionIds.length
    ? await db
        .select({
          id: ritualSessions.id,
          startsAt: ritualSessions.startsAt,
          endsAt: ritualSessions.endsAt,
        })
        .from(ritualSessions)
        .where(inArray(ritualSessions.id, sessionIds))
    : [];
  const sessions = new Map(sessionRows.map((row) => [row.id, { startsAt: row.startsAt, endsAt: row.endsAt }]));
  return list.flatMap((order) => {
    const payment = paymentRows.find((row) => row.orderId === order.id);
    const own = items.filter((item) => item.orderId === order.id);
    const ownSessions = new Map([...sessions].filter(([id]) => own.some((item) => item.ritualSessionId === id)));
    const plan = planFor(order, own, ownSessions, payment?.status === 'confirmed' ? payment.paymentKey : undefined, now);
    return plan ? [{ order, ...plan, paymentMethod: paymentMethodOf(payment?.raw) }] : [];
  });
}

export type RefundUnderWay = LivePurchases['refundsUnderWay'][number];

/** The member's refunds of the last days, newest first: their money may still be on its way. */
export async function refundsUnderWayOf(db: Db, userId: number, now: Date): Promise<RefundUnderWay[]> {
  const since = new Date(now.getTime() - REFUND_SETTLING_DAYS * DAY_MS);
  const rows = await db
    .select({ order: orders, amount: refunds.amount, createdAt: refunds.createdAt, raw: payments.raw })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.userId, userId), gt(refunds.createdAt, since)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map((row) => ({ order: row.order, amount: row.amount, createdAt: row.createdAt, paymentMethod: paymentMethodOf(row.raw) }));
}

/** Everything the deletion page lists: live orders, and refunds whose money is still on its way. */
export async function livePurchasesOf(db: Db, userId: number, now: Date): Promise<LivePurchases> {
  const [liveOrders, underWay] = await Promise.all([liveOrdersOf(db, userId, now), refundsUnderWayOf(db, userId, now)]);
  return { orders: liveOrders, refundsUnderWay: underWay };
}

export const deletionPreviewResource = (live: LivePurchases): DeletionPreview => ({
  orders: live.orders.map(({ order, lines, refundAmount, paymentMethod }) => ({
    order_id: order.id,
    order_number: order.orderNumber,
    title: order.title,
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    refund_amount: refundAmount,
    payment_method: paymentMethod,
    lines: lines.map(({ item, session, outcome }) => ({
      name: item.optionName ? `${item.name} (${item.optionName})` : item.name,
      kind: item.kind,
      outcome,
      starts_at: apiTime(session?.startsAt ?? null),
      ends_at: apiTime(session?.endsAt ?? null),
    })),
  })),
  refunds_under_way: live.refundsUnderWay.map(({ order, amount, createdAt, paymentMethod }) => ({
    order_id: order.id,
    order_number: order.orderNumber,
    title: order.title,
    amount,
    refunded_at: apiTime(createdAt),
    payment_method: paymentMethod,
  })),
});
