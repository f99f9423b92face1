import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { PaymentDeclinedError, PaymentUnavailableError } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import {
  couponUsers,
  orderItems,
  orders,
  payments,
  productOptions,
  products,
  refunds,
  ritualSessionUsers,
  ritualSessions,
} from '../../db/schema/index.ts';
import type { Order, OrderItem, User } from '../../db/schema/index.ts';
import { conflict, invalidInput, notFound } from '../../domain-errors.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { ORDER_MESSAGES } from './schema.ts';
import type { OrderView } from './service.ts';
import { findOwnOrder, findOwnOrderItem } from './service.ts';

/** Gives a payment back whole at the provider and records it; safe to repeat (idempotency key). */
export async function refundWhole(db: Db, gateway: PaymentGateway, order: Order, paymentKey: string, reason: string): Promise<void> {
  const answer = await gateway.cancel({ paymentKey, amount: order.amount, reason, idempotencyKey: `${order.orderNumber}-cancel` });
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(eq(payments.idempotencyKey, order.orderNumber), eq(payments.status, 'confirmed')))
      .returning();
    if (!payment) return;
    await tx.insert(refunds).values({ orderId: order.id, amount: order.amount, reason, raw: answer.raw });
    await tx.update(orders).set({ refundedAmount: order.amount }).where(eq(orders.id, order.id));
  });
}

const REFUNDABLE: Order['status'][] = ['paid', 'preparing', 'partially_refunded'];

/** Puts back what paid items took: stock, and the seat of a session that has not started. */
async function giveBack(tx: Db, items: OrderItem[], userId: number | null): Promise<void> {
  for (const item of items) {
    if (item.kind === 'ritual_session') {
      if (item.ritualSessionId !== null && userId !== null) {
        await tx.delete(ritualSessionUsers).where(and(eq(ritualSessionUsers.ritualSessionId, item.ritualSessionId), eq(ritualSessionUsers.userId, userId), eq(ritualSessionUsers.role, 'member')));
      }
    } else if (item.productOptionId !== null) {
      await tx.update(productOptions).set({ stock: sql`${productOptions.stock} + ${item.quantity}` }).where(eq(productOptions.id, item.productOptionId));
    } else if (item.productId !== null) {
      await tx.update(products).set({ stock: sql`${products.stock} + ${item.quantity}` }).where(eq(products.id, item.productId));
    }
  }
}

async function startedSessions(tx: Db, items: OrderItem[], now: Date): Promise<boolean> {
  const ids = items.flatMap((item) => (item.ritualSessionId === null ? [] : [item.ritualSessionId]));
  if (ids.length === 0) return false;
  const rows = await tx.select({ startsAt: ritualSessions.startsAt }).from(ritualSessions).where(inArray(ritualSessions.id, ids));
  return rows.some((row) => row.startsAt <= now);
}

export interface RefundRequest {
  orderId: number;
  /** One line, or null for everything of the order still paid. */
  itemId: number | null;
  /** The member refunding their own order; null when staff refund it from the console. */
  owner: User | null;
  /** Shown to the member in the order's history. */
  reason: string;
  /** Runs inside the refund's transaction once it is recorded (the console's audit row). */
  afterRefund?: (tx: Db, before: Order, after: Order) => Promise<void>;
}

/**
 * Refunds paid items of an order: the whole rest of it (`itemId` null) or one line. The order row
 * stays locked through the provider's cancel, so two refunds of one order cannot both count
 * themselves the last and each give back the shipping; the idempotency key makes a retry after a
 * failure safe, and nothing is written unless the provider said yes. A member's refusal is their
 * input's (422, as the mypage expects); staff are told the order's state stands in the way (409).
 */
export async function refundOrderItems(db: Db, gateway: PaymentGateway, request: RefundRequest, now = new Date()): Promise<void> {
  const { orderId, itemId, owner, reason } = request;
  const refuse = (field: string, message: string) => (owner ? invalidInput({ [field]: [message] }) : conflict(message));
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [order] = await txDb
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), owner ? eq(orders.userId, owner.id) : undefined))
      .for('update');
    if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (!REFUNDABLE.includes(order.status)) throw refuse('order_id', ORDER_MESSAGES.notRefundable);
    const items = await txDb.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    if (itemId !== null && !items.some((item) => item.id === itemId)) throw notFound(ORDER_MESSAGES.orderItemNotFound);
    const paid = items.filter((item) => item.status === 'paid');
    const refunded = itemId === null ? paid : paid.filter((item) => item.id === itemId);
    if (refunded.length === 0) throw refuse('order_item_id', ORDER_MESSAGES.itemNotRefundable);
    if (await startedSessions(txDb, refunded, now)) throw refuse('order_item_id', ORDER_MESSAGES.sessionStarted);
    const nothingLeft = refunded.length === paid.length;
    const itemsBack = refunded.reduce((sum, item) => sum + item.lineAmount - item.discountShare, 0);
    // The fees go back with the last item: the whole amount then, whatever rounding left over.
    const amount = nothingLeft ? order.amount - order.refundedAmount : itemsBack;
    const [payment] = await txDb.select().from(payments).where(eq(payments.idempotencyKey, order.orderNumber));
    if (!payment) throw refuse('order_id', ORDER_MESSAGES.notRefundable);
    let raw: unknown = null;
    if (amount > 0) {
      try {
        raw = (await gateway.cancel({ paymentKey: payment.paymentKey, amount, reason, idempotencyKey: `${order.orderNumber}-refund-${itemId ?? 'all'}` })).raw;
      } catch (error) {
        if (error instanceof PaymentDeclinedError) throw refuse('order_id', error.message);
        if (error instanceof PaymentUnavailableError) throw serviceUnavailable(ORDER_MESSAGES.providerUnavailable);
        throw error;
      }
    }
    await giveBack(txDb, refunded, order.userId);
    // An item's refund is its paid share; the fees given back with the last one are the order's.
    for (const item of refunded) {
      await txDb.update(orderItems).set({ status: 'refunded', refundedAmount: item.lineAmount - item.discountShare }).where(eq(orderItems.id, item.id));
    }
    if (nothingLeft && order.couponUserId !== null) {
      await txDb.update(couponUsers).set({ usedOrderId: null, usedAt: null }).where(and(eq(couponUsers.id, order.couponUserId), eq(couponUsers.usedOrderId, order.id)));
    }
    const [after] = await txDb
      .update(orders)
      .set({ status: nothingLeft ? 'refunded' : 'partially_refunded', refundedAmount: order.refundedAmount + amount, ...(nothingLeft ? { cancelledAt: now } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    await txDb.update(payments).set({ status: nothingLeft ? 'cancelled' : 'partially_cancelled' }).where(eq(payments.id, payment.id));
    if (amount > 0) await txDb.insert(refunds).values({ orderId: order.id, orderItemId: itemId, amount, reason, raw });
    await request.afterRefund?.(txDb, order, after!);
  });
}

/** POST /api/orders/{id}/paid with `_method` DELETE: a paid order not yet shipped, refunded whole. */
export async function cancelPaidOrder(db: Db, gateway: PaymentGateway, user: User, id: number, now = new Date()): Promise<OrderView> {
  await refundOrderItems(db, gateway, { orderId: id, itemId: null, owner: user, reason: '고객 요청 전체 취소' }, now);
  return findOwnOrder(db, user, String(id));
}

/** POST /api/order-items/{id} with `_method` DELETE: one line's paid share back. */
export async function cancelOrderItem(db: Db, gateway: PaymentGateway, user: User, itemId: number, now = new Date()): Promise<OrderView> {
  const { order } = await findOwnOrderItem(db, user, itemId);
  await refundOrderItems(db, gateway, { orderId: order.id, itemId, owner: user, reason: '고객 요청 부분 취소' }, now);
  return findOwnOrder(db, user, String(order.id));
}
