import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, refunds, ritualSessions } from '../../db/schema/index.ts';
import type { OrderStatus } from '../../db/schema/index.ts';
import type { OrderView } from './service.ts';

export interface OrderPageExtras {
  /** Each bought session's ritual (for its link) and start (a session begun is refunded no more). */
  sessions: Map<number, { ritualId: number | null; startsAt: Date }>;
  /** The order's refunds, oldest first: its history past payment. */
  refunds: { amount: number; reason: string; createdAt: Date }[];
}

/** What /mypage/orders/{id} shows beside the order itself: two indexed queries, whatever its size. */
export async function orderPageExtras(db: Db, { order, items }: OrderView): Promise<OrderPageExtras> {
  const sessionIds = items.flatMap((item) => (item.ritualSessionId === null ? [] : [item.ritualSessionId]));
  const [sessionRows, refundRows] = await Promise.all([
    sessionIds.length
      ? db.select({ id: ritualSessions.id, ritualId: ritualSessions.ritualId, startsAt: ritualSessions.startsAt }).from(ritualSessions).where(inArray(ritualSessions.id, sessionIds))
      : [],
    db
      .select({ amount: refunds.amount, reason: refunds.reason, createdAt: refunds.createdAt })
      .from(refunds)
      .where(eq(refunds.orderId, order.id))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  return { sessions: new Map(sessionRows.map((row) => [row.id, { ritualId: row.ritualId, startsAt: row.startsAt }])), refunds: refundRows };
}

/** Paid and not yet with the member: what they come to /mypage to follow. */
const UNDER_WAY: OrderStatus[] = ['paid', 'preparing', 'shipping'];

/** How many of the member's orders are under way, for /mypage's order row. */
export async function ordersUnderWay(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, UNDER_WAY)));
  return row?.value ?? 0;
}
