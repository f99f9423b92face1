import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { AUTO_CONFIRM_AFTER_DAYS } from '../../../lib/orders.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { invalidInput } from '../../domain-errors.ts';
import { findOwnOrder } from './service.ts';
import type { OrderView } from './service.ts';

export const PURCHASE_CONFIRMATION_MESSAGES = {
  notDelivered: '배송이 완료된 주문만 구매 확정할 수 있어요.',
  withdrawn: '취소하거나 환불한 주문은 구매 확정할 수 없어요.',
} as const;

const DAY_MS = 86_400_000;
const BATCH_SIZE = 100;

/**
 * POST /api/orders/{id}/purchase-confirmation: the member's own delivered order becomes 구매 확정,
 * once. One conditional statement, so the member and the automatic confirmation racing each other
 * confirm it once; a repeat (or a confirmation the job got to first) answers the order as it is.
 * Refunds already stop at shipping for members and staff alike, so confirming takes none away.
 */
export async function confirmPurchase(db: Db, user: User, orderId: number, now = new Date()): Promise<OrderView> {
  await db
    .update(orders)
    .set({ status: 'purchase_confirmed', purchaseConfirmedAt: now, purchaseConfirmedBy: 'member' })
    .where(and(eq(orders.id, orderId), eq(orders.userId, user.id), eq(orders.status, 'delivered')));
  // Another member's order, or none, is not found here, as everywhere in my orders.
  const view = await findOwnOrder(db, user, String(orderId));
  const { status } = view.order;
  if (status === 'purchase_confirmed') return view;
  const withdrawn = status === 'cancelled' || status === 'refunded';
  throw invalidInput({ order_id: [withdrawn ? PURCHASE_CONFIRMATION_MESSAGES.withdrawn : PURCHASE_CONFIRMATION_MESSAGES.notDelivered] });
}

export interface AutoConfirmOptions {
  now?: Date;
  batchSize?: number;
  signal?: AbortSignal;
}

/**
 * Confirms every order delivered a week ago or more that its member has not confirmed, a batch a
 * statement. Each batch is claimed with FOR UPDATE SKIP LOCKED, so instances running at once never
 * take the same order, and what a stopped run left is still delivered for the next one.
 */
export async function confirmDeliveredPurchases(db: Db, options: AutoConfirmOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const deliveredBy = new Date(now.getTime() - AUTO_CONFIRM_AFTER_DAYS * DAY_MS);
  let confirmed = 0;
  while (!options.signal?.aborted) {
    const due = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'delivered'), lte(orders.deliveredAt, deliveredBy)))
      .orderBy(asc(orders.deliveredAt), asc(orders.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(orders)
      .set({ status: 'purchase_confirmed', purchaseConfirmedAt: now, purchaseConfirmedBy: 'auto' })
      .where(and(inArray(orders.id, due), eq(orders.status, 'delivered')))
      .returning({ id: orders.id });
    confirmed += rows.length;
    // A short batch: nothing is left, or another instance holds the rest and confirms it.
    if (rows.length < batchSize) break;
  }
  return confirmed;
}
