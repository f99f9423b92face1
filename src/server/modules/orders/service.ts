import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQueries } from '../../db/prepared.ts';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { Order, OrderItem, User } from '../../db/schema/index.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { reviewStatesOf } from '../reviews/eligibility.ts';
import type { ItemReviewState } from '../reviews/eligibility.ts';
import { ORDER_MESSAGES } from './schema.ts';

export interface OrderView {
  order: Order;
  items: OrderItem[];
  /** Each line's review state, where the answer shows it (a new, unpaid order has none to show). */
  reviews?: Map<number, ItemReviewState>;
}

async function ownOrder(db: Db, user: User, orderId: string): Promise<Order> {
  const byId = /^\d{1,9}$/.test(orderId) ? eq(orders.id, Number(orderId)) : eq(orders.orderNumber, orderId);
  const [order] = await db.select().from(orders).where(and(byId, eq(orders.userId, user.id)));
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return order;
}

export async function findOwnOrder(db: Db, user: User, orderId: string): Promise<OrderView> {
  const { order, items } = await ownOrderWithItems(db, user, orderId);
  return { order, items, reviews: await reviewStatesOf(db, [{ order, items }]) };
}

// Every confirm reads it, by the order number the payment widget hands back.
const ownOrderQuery = preparedQueries((db, by: 'id' | 'number') =>
  db
    .select({ order: orders, item: orderItems })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(by === 'id' ? eq(orders.id, sql.placeholder('key')) : eq(orders.orderNumber, sql.placeholder('key')), eq(orders.userId, sql.placeholder('userId'))))
    .orderBy(asc(orderItems.id))
    .prepare(`own_order_by_${by}`),
);

/** The member's order and its lines, read together. */
export async function ownOrderWithItems(db: Db, user: User, orderId: string): Promise<{ order: Order; items: OrderItem[] }> {
  const byId = /^\d{1,9}$/.test(orderId);
  const rows = await ownOrderQuery(db, byId ? 'id' : 'number').execute({ key: byId ? Number(orderId) : orderId, userId: user.id });
  const order = rows[0]?.order;
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return { order, items: rows.flatMap((row) => (row.item ? [row.item] : [])) };
}

async function withItems(db: Db, list: Order[]): Promise<OrderView[]> {
  if (list.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, list.map((order) => order.id)))
    .orderBy(asc(orderItems.id));
  const views = list.map((order) => ({ order, items: items.filter((item) => item.orderId === order.id) }));
  const reviews = await reviewStatesOf(db, views);
  return views.map((view) => ({ ...view, reviews }));
}

/** GET /api/orders/me: newest first, by the (user_id, created_at, id) index. */
export async function listOwnOrders(db: Db, user: User, page: number, perPage: number): Promise<{ items: OrderView[]; total: number }> {
  const [list, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, user.id)),
  ]);
  return { items: await withItems(db, list), total: count?.total ?? 0 };
}

const NO_REVIEW: ItemReviewState = { reviewId: null, canReview: false, opensAfter: null };

/** GET /api/order-items/me/{id}: one line of the member's own order, with its order. */
export async function findOwnOrderItem(db: Db, user: User, id: number): Promise<{ item: OrderItem; order: Order; review: ItemReviewState }> {
  const [row] = await db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, id), eq(orders.userId, user.id)));
  if (!row) throw notFound(ORDER_MESSAGES.orderItemNotFound);
  const reviews = await reviewStatesOf(db, [{ order: row.order, items: [row.item] }]);
  return { ...row, review: reviews.get(row.item.id) ?? NO_REVIEW };
}

/** POST /api/orders/{id} with `_method` DELETE: an order not yet paid is simply cancelled. */
export async function cancelUnpaidOrder(db: Db, user: User, id: number, now = new Date()): Promise<OrderView> {
  const order = await ownOrder(db, user, String(id));
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (locked?.status !== 'pending') throw invalidInput({ order_id: [ORDER_MESSAGES.notPending] });
    await tx.update(orders).set({ status: 'cancelled', cancelledAt: now }).where(eq(orders.id, order.id));
    await tx.update(orderItems).set({ status: 'cancelled' }).where(eq(orderItems.orderId, order.id));
  });
  return findOwnOrder(db, user, String(order.id));
}
