import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, couponUsers, orderItems, orders, tempCartItems } from '../../db/schema/index.ts';

/**
 * What a departing member's shopping leaves behind. Orders that were paid stay for five years
 * (전자상거래법: contract, payment and supply records) with what proves the supply, the recipient
 * and the address, but not the phone number or the memo. An order never paid is no contract: it is
 * cancelled and loses its address, and a confirm still in flight finds it cancelled. Carts and unused
 * coupons go.
 */
export async function releaseShoppingOf(tx: Db, userId: number, now: Date): Promise<void> {
  const pending = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, recipientName: null, recipientPhone: null, postalCode: null, address: null, addressDetail: null, memo: null })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (pending.length > 0) {
    await tx.update(orderItems).set({ status: 'cancelled' }).where(inArray(orderItems.orderId, pending.map((order) => order.id)));
  }
  await tx.update(orders).set({ recipientPhone: null, memo: null }).where(eq(orders.userId, userId));
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(tempCartItems).where(eq(tempCartItems.userId, userId));
  await tx.delete(couponUsers).where(and(eq(couponUsers.userId, userId), isNull(couponUsers.usedOrderId)));
}
