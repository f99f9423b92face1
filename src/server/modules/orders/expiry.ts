import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';

/**
 * An order nobody paid within a day is given up: the payment window closed long ago. It held no
 * stock, seat or coupon (those are taken when it is paid), so cancelling it only tidies "my
 * orders" and makes a payment finished far too late refused before anything is charged.
 */
export const PENDING_ORDER_TTL_MS = 24 * 3_600_000;

/** Cancels at most `limit` orders left pending for a day and says how many; each is claimed by one instance. */
export async function expireStalePendingOrders(db: Db, limit: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, new Date(now.getTime() - PENDING_ORDER_TTL_MS))))
      .orderBy(orders.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const cancelled = await tx.update(orders).set({ status: 'cancelled', cancelledAt: now }).where(inArray(orders.id, claimed)).returning({ id: orders.id });
    if (cancelled.length > 0) {
      await tx
        .update(orderItems)
        .set({ status: 'cancelled' })
        .where(inArray(orderItems.orderId, cancelled.map((order) => order.id)));
    }
    return cancelled.length;
  });
}
