import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { PaymentDeclinedError, PaymentUnavailableError } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, couponUsers, orderItems, orders, tempCartItems } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { DomainError, conflict } from '../../domain-errors.ts';
import { HttpError, serviceUnavailable } from '../../http/errors.ts';
import { liveOrdersOf } from './live-purchases.ts';
import type { LiveOrder } from './live-purchases.ts';
import { refundOrderItems, refundWhole } from './refunds.ts';

/** Kept with each refund, as the console and the order's history show it. */
export const DELETION_REFUND_REASON = '회원 탈퇴에 따른 취소';

export const DELETION_MESSAGES = {
  refundUnavailable: (title: string) =>
    `결제사와 연결이 잠시 원활하지 않아 「${title}」 주문을 환불하지 못했어요. 탈퇴는 진행하지 않았고 계정은 그대로예요. 잠시 후 다시 시도해 주세요.`,
  refundRefused: (title: string) => `「${title}」 주문의 환불이 처리되지 않아 탈퇴를 멈췄어요. 계정은 그대로예요. 1:1 문의로 알려 주시면 환불부터 도와드릴게요.`,
  paidMeanwhile: '탈퇴하는 사이에 결제가 끝난 주문이 있어요. 화면을 새로 고쳐 진행 중인 주문을 확인한 뒤 다시 시도해 주세요.',
} as const;

async function giveBack(db: Db, gateway: PaymentGateway, user: User, { order, refund }: LiveOrder, now: Date): Promise<void> {
  if (!refund) return;
  const request = {
    orderId: order.id,
    owner: user,
    reason: DELETION_REFUND_REASON,
  };
  switch (refund.kind) {
    case 'owed':
      return refundWhole(db, gateway, order, refund.paymentKey, DELETION_REFUND_REASON);
    case 'whole':
      return refundOrderItems(db, gateway, { ...request, itemId: null }, now);
    case 'lines':
      for (const itemId of refund.itemIds) await refundOrderItems(db, gateway, { ...request, itemId }, now);
  }
}

/**
 * Before an account is deleted: cancels and refunds, order by order, what the orders service lets
 * its member cancel (a seat of a session not started is freed by the refund), and answers what was
 * live. Each refund is the service's own: the provider's cancel under the order's idempotency key,
 * written only once the provider said yes. A failure stops everything before the account is
 * touched; the refunds already made stand (money moved is not moved back) and a retry finds them
 * done and asks the provider again, under the same key, only for the rest.
 */
export async function refundLivePurchases(db: Db, gateway: PaymentGateway, user: User, now: Date): Promise<LiveOrder[]> {
  const live = await liveOrdersOf(db, user.id, now);
  for (const entry of live) {
    try {
      await giveBack(db, gateway, user, entry, now);
    } catch (error) {
      if (error instanceof PaymentUnavailableError || (error instanceof HttpError && error.status === 503)) {
        throw serviceUnavailable(DELETION_MESSAGES.refundUnavailable(entry.order.title));
      }
      if (error instanceof PaymentDeclinedError || error instanceof DomainError) throw conflict(DELETION_MESSAGES.refundRefused(entry.order.title));
      throw error;
    }
  }
  return live;
}

/**
 * What a departing member's shopping leaves behind. Orders that were paid stay for five years
 * (전자상거래법: contract, payment and supply records) with what proves the supply, the recipient
 * and the address, but not the phone number or the memo. An order never paid is no contract: it is
 * cancelled and loses its address, and a confirm still in flight finds it cancelled. Carts and unused
 * coupons go. An order paid since the refunds were made (another tab's confirm) stops the deletion:
 * cancelling the pending orders waits for a confirm that holds one, so one paid by then is seen here.
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
  if ((await liveOrdersOf(tx, userId, now)).some((entry) => entry.refund !== null)) throw conflict(DELETION_MESSAGES.paidMeanwhile);
  await tx.update(orders).set({ recipientPhone: null, memo: null }).where(eq(orders.userId, userId));
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(tempCartItems).where(eq(tempCartItems.userId, userId));
  await tx.delete(couponUsers).where(and(eq(couponUsers.userId, userId), isNull(couponUsers.usedOrderId)));
}
