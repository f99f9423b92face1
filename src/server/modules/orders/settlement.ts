import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL, WithSubquery } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { PaymentDeclinedError, PaymentUnavailableError } from '../../adapters/payments/index.ts';
import { inOrder, runsAlone } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import {
  cartItems,
  couponUsers,
  notifications,
  orderItems,
  orders,
  payments,
  productOptions,
  products,
  ritualSessionUsers,
  ritualSessions,
  tempCartItems,
} from '../../db/schema/index.ts';
import type { Order, OrderItem, RitualSession, User } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../domain-errors.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { orderPaidNotification } from '../notifications/events.ts';
import { justPaidReviewStates, reviewStatesOf } from '../reviews/eligibility.ts';
import type { OrderConfirmInput } from './schema.ts';
import { ORDER_MESSAGES } from './schema.ts';
import type { OrderView } from './service.ts';
import { findOwnOrder, ownOrderWithItems } from './service.ts';
import { memberCounts } from './pricing.ts';
import { refundWhole } from './refunds.ts';

/** What the confirm tells whoever mails the receipt: set only by the call that paid the order. */
export interface PaidNow {
  /** The provider's answer, which names the payment method. */
  raw: unknown;
  /** The sessions the order bought a seat in, with their dates. */
  sessions: RitualSession[];
}

export interface ConfirmedOrder extends OrderView {
  /** Null when the order was paid before this call (a reload, a second confirm). */
  paidNow: PaidNow | null;
}

type Settlement = { paid: true } | { paid: false; message: string };

/** What an order takes from each stock row: units off the stock, and units sold (options sell their product). */
interface Takes {
  options: Map<number, number>;
  products: Map<number, { stock: number; sold: number }>;
  sessionIds: number[];
}

function takesOf(items: OrderItem[]): Takes {
  const takes: Takes = { options: new Map(), products: new Map(), sessionIds: [] };
  for (const item of items) {
    if (item.kind === 'ritual_session') {
      if (item.ritualSessionId !== null) takes.sessionIds.push(item.ritualSessionId);
      continue;
    }
    if (item.productOptionId !== null) takes.options.set(item.productOptionId, (takes.options.get(item.productOptionId) ?? 0) + item.quantity);
    if (item.productId === null) continue;
    const product = takes.products.get(item.productId) ?? { stock: 0, sold: 0 };
    if (item.productOptionId === null) product.stock += item.quantity;
    product.sold += item.quantity;
    takes.products.set(item.productId, product);
  }
  return takes;
}

const ascending = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

/**
 * Locks the order row, then every stock, seat and coupon row the order touches (each kind in id
 * order, so two checkouts never wait on each other in a circle), and reads what they hold. The
 * statements go together, in that order, so the locks cost the transaction one round trip.
 */
async function lockForSettling(tx: Db, order: Order, takes: Takes) {
  const { locked, options, plain, sessions, wallet } = await lockRows(tx, order, takes);
  // Counted only once the sessions' rows are held: on PostgreSQL a count read before the lock is
  // granted misses the seats another confirm has just taken, and the last seat would sell twice.
  const seats = await memberCounts(tx, ascending(takes.sessionIds));
  return { locked, options, plain, sessions, seats, wallet };
}

async function lockRows(tx: Db, order: Order, takes: Takes) {
  const plainIds = ascending([...takes.products].flatMap(([id, take]) => (take.stock > 0 ? [id] : [])));
  const sessionIds = ascending(takes.sessionIds);
  const { couponUserId } = order;
  const none = async () => [];
  const [[locked], options, plain, sessions, [wallet]] = await inOrder(tx, [
    () => tx.select().from(orders).where(eq(orders.id, order.id)).for('update'),
    takes.options.size ? () => tx.select().from(productOptions).where(inArray(productOptions.id, ascending(takes.options.keys()))).orderBy(asc(productOptions.id)).for('update') : none,
    plainIds.length ? () => tx.select().from(products).where(inArray(products.id, plainIds)).orderBy(asc(products.id)).for('update') : none,
    sessionIds.length ? () => tx.select().from(ritualSessions).where(inArray(ritualSessions.id, sessionIds)).orderBy(asc(ritualSessions.id)).for('update') : none,
    couponUserId !== null ? () => tx.select().from(couponUsers).where(eq(couponUsers.id, couponUserId)).for('update') : none,
  ]);
  return { locked, options, plain, sessions, wallet };
}

/**
 * What `settlementOf` checks, as SQL: the order still waits for payment and everything it takes is
 * there. Sent behind the locks, it is read once they are held (a statement's snapshot is taken
 * when it starts), so the seats it counts include every one taken before.
 */
function allThere(order: Order, takes: Takes, now: Date): SQL {
  const checks = [sql`exists (select 1 from ${orders} where ${orders.id} = ${order.id} and ${orders.status} = 'pending')`];
  for (const [id, take] of takes.options) {
    checks.push(sql`exists (select 1 from ${productOptions} where ${productOptions.id} = ${id} and ${productOptions.stock} >= ${take})`);
  }
  for (const [id, take] of takes.products) {
    if (take.stock > 0) checks.push(sql`exists (select 1 from ${products} where ${products.id} = ${id} and ${products.stock} >= ${take.stock})`);
  }
  for (const id of takes.sessionIds) {
    checks.push(
      sql`exists (select 1 from ${ritualSessions} where ${ritualSessions.id} = ${id} and ${ritualSessions.startsAt} > ${now} and ${ritualSessions.capacity} > (select count(*) from ${ritualSessionUsers} where ${ritualSessionUsers.ritualSessionId} = ${id} and ${ritualSessionUsers.role} = 'member'))`,
    );
  }
  if (order.couponUserId !== null) {
    checks.push(sql`exists (select 1 from ${couponUsers} where ${couponUsers.id} = ${order.couponUserId} and ${couponUsers.usedOrderId} is null)`);
  }
  return sql.join(checks, sql` and `);
}

/**
 * The settlement at once did not hold: its guard failed (division by zero is the guard's alone), or
 * another confirm has recorded the payment already (its idempotency key is taken).
 */
const guardFailed = (error: unknown): boolean => {
  const cause = ((error as { cause?: unknown } | null)?.cause ?? error) as { code?: string; constraint?: string } | null;
  return cause?.code === '22012' || (cause?.code === '23505' && cause.constraint === 'payments_idempotency_idx');
};

/** Whether everything the order bought can be taken now: all of it or nothing. */
function settlementOf(takes: Takes, held: Awaited<ReturnType<typeof lockForSettling>>, order: Order, now: Date): Settlement {
  for (const id of takes.sessionIds) {
    const session = held.sessions.find((row) => row.id === id);
    if (!session || session.startsAt <= now || (held.seats.get(session.id) ?? 0) >= session.capacity) return { paid: false, message: ORDER_MESSAGES.ranOut };
  }
  for (const [id, take] of takes.options) {
    const option = held.options.find((row) => row.id === id);
    if (!option || option.stock < take) return { paid: false, message: ORDER_MESSAGES.ranOut };
  }
  for (const [id, take] of takes.products) {
    if (take.stock === 0) continue;
    const product = held.plain.find((row) => row.id === id);
    if (!product || product.stock < take.stock) return { paid: false, message: ORDER_MESSAGES.ranOut };
  }
  if (order.couponUserId !== null && (!held.wallet || held.wallet.usedOrderId !== null)) return { paid: false, message: ORDER_MESSAGES.couponTaken };
  return { paid: true };
}

/**
 * Records the outcome in one statement: the payment, the order's and its lines' status and, when
 * paid, the stock, seats, coupon and cart the order takes. Each row is written once (a statement
 * may not change a row twice), so the takes are summed per row first.
 */
async function recordSettlement(
  tx: Db,
  order: Order,
  takes: Takes,
  settlement: Settlement,
  payment: typeof payments.$inferInsert,
  now: Date,
  guard?: SQL,
): Promise<Order> {
  const status = settlement.paid ? 'paid' : 'cancelled';
  const writes: WithSubquery[] = [
    tx.$with('payment').as(tx.insert(payments).values(payment).returning({ id: payments.id })),
    tx.$with('lines').as(tx.update(orderItems).set({ status }).where(eq(orderItems.orderId, order.id)).returning({ id: orderItems.id })),
  ];
  if (settlement.paid) {
    for (const [id, take] of takes.options) {
      writes.push(
        tx.$with(`option_${id}`).as(tx.update(productOptions).set({ stock: sql`${productOptions.stock} - ${take}` }).where(eq(productOptions.id, id)).returning({ id: productOptions.id })),
      );
    }
    for (const [id, take] of takes.products) {
      writes.push(
        tx
          .$with(`product_${id}`)
          .as(
            tx
              .update(products)
              .set({ stock: sql`${products.stock} - ${take.stock}`, salesCount: sql`${products.salesCount} + ${take.sold}` })
              .where(eq(products.id, id))
              .returning({ id: products.id }),
          ),
      );
    }
    if (takes.sessionIds.length > 0) {
      const seats = takes.sessionIds.map((ritualSessionId) => ({ ritualSessionId, userId: order.userId!, role: 'member' as const }));
      writes.push(tx.$with('seats').as(tx.insert(ritualSessionUsers).values(seats).returning({ id: ritualSessionUsers.id })));
    }
    if (order.userId !== null) {
      writes.push(tx.$with('notice').as(tx.insert(notifications).values(orderPaidNotification({ orderId: order.id, userId: order.userId, title: order.title })).returning({ id: notifications.id })));
    }
    if (order.couponUserId !== null) {
      writes.push(tx.$with('coupon').as(tx.update(couponUsers).set({ usedOrderId: order.id, usedAt: now }).where(eq(couponUsers.id, order.couponUserId)).returning({ id: couponUsers.id })));
    }
    writes.push(
      order.cartItemIds.length > 0
        ? tx.$with('cart').as(tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId!), inArray(cartItems.id, order.cartItemIds))).returning({ id: cartItems.id }))
        : tx.$with('cart').as(tx.delete(tempCartItems).where(eq(tempCartItems.userId, order.userId!)).returning({ id: tempCartItems.id })),
    );
  }
  const [updated] = await tx
    .with(...writes)
    .update(orders)
    .set(settlement.paid ? { status, paidAt: now } : { status, cancelledAt: now })
    // A guard that does not hold fails the statement, and with it every write it carries.
    .where(guard ? and(eq(orders.id, order.id), sql`1 / (case when ${guard} then 1 else 0 end) = 1`) : eq(orders.id, order.id))
    .returning();
  return updated!;
}

type SettleOutcome = { settlement: Settlement; order: Order; sessions: RitualSession[] } | 'cancelled' | null;

/**
 * The usual case in one round trip: the locks and the paid settlement go together, the settlement
 * guarded by `allThere`. While a transaction is open on the embedded database every other query
 * waits, and each round trip held them for a turn of the server's event loop. There the guarded
 * statement alone is enough: nothing can come between its reads and its writes, and a statement
 * that fails leaves nothing behind. An order with a seat still takes the transaction: its answer
 * needs the session's row, read under the lock.
 */
async function settleAtOnce(db: Db, order: Order, takes: Takes, payment: typeof payments.$inferInsert, now: Date): Promise<SettleOutcome> {
  if (runsAlone(db) && takes.sessionIds.length === 0) {
    const paid = await recordSettlement(db, order, takes, { paid: true }, payment, now, allThere(order, takes, now));
    return { settlement: { paid: true }, order: paid, sessions: [] };
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Sent in this order, each as it is asked for: the settlement runs once the locks are held.
    const [held, paid] = await inOrder(txDb, [() => lockRows(txDb, order, takes), () => recordSettlement(txDb, order, takes, { paid: true }, payment, now, allThere(order, takes, now))]);
    return { settlement: { paid: true }, order: paid, sessions: held.sessions };
  });
}

/** When something was gone (or the order no longer waits): lock, look, then settle as it turns out. */
function settleStepByStep(db: Db, order: Order, takes: Takes, payment: typeof payments.$inferInsert, now: Date): Promise<SettleOutcome> {
  return db.transaction(async (tx): Promise<SettleOutcome> => {
    const txDb = tx as unknown as Db;
    const held = await lockForSettling(txDb, order, takes);
    if (held.locked?.status === 'cancelled') {
      // Cancelled (by its member or the clean-up) while the provider charged it: the payment is
      // kept on record so that it is given back below, and a retry of the refund finds it.
      await txDb.insert(payments).values(payment).onConflictDoNothing();
      return 'cancelled';
    }
    if (held.locked?.status !== 'pending') return null;
    const settlement = settlementOf(takes, held, held.locked, now);
    return { settlement, order: await recordSettlement(txDb, held.locked, takes, settlement, payment, now), sessions: held.sessions };
  });
}

/**
 * POST /api/orders/confirm. The provider is asked first (outside any transaction: no lock waits on
 * the network), with the order number as the idempotency key, so any number of concurrent confirms
 * of one order charge once; the first to lock the order row settles it, the others find it settled.
 * An order's lines never change while it waits for payment, so they are read before the lock.
 */
export async function confirmOrder(db: Db, gateway: PaymentGateway, user: User, input: OrderConfirmInput, now = new Date()): Promise<ConfirmedOrder> {
  const { order, items } = await ownOrderWithItems(db, user, input.order_id);
  if (order.status === 'cancelled') {
    // A confirm that cancelled it may have lost the provider on the way back: give the money back now.
    const [payment] = await db.select().from(payments).where(and(eq(payments.idempotencyKey, order.orderNumber), eq(payments.status, 'confirmed')));
    if (payment) await refundWhole(db, gateway, order, payment.paymentKey, ORDER_MESSAGES.ranOut);
    throw invalidInput({ order_id: [ORDER_MESSAGES.notPayable] });
  }
  if (order.status !== 'pending') return { order, items, reviews: await reviewStatesOf(db, [{ order, items }]), paidNow: null };
  if (input.amount !== order.amount) throw invalidInput({ amount: [ORDER_MESSAGES.amount] });
  let raw: unknown;
  try {
    raw = (await gateway.confirm({ paymentKey: input.payment_key, orderId: order.orderNumber, amount: order.amount, idempotencyKey: order.orderNumber })).raw;
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw invalidInput({ payment_key: [error.message] });
    if (error instanceof PaymentUnavailableError) throw serviceUnavailable(ORDER_MESSAGES.providerUnavailable);
    throw error;
  }
  const takes = takesOf(items);
  const payment = { orderId: order.id, provider: gateway.provider, paymentKey: input.payment_key, idempotencyKey: order.orderNumber, amount: order.amount, status: 'confirmed' as const, raw };
  const outcome = await settleAtOnce(db, order, takes, payment, now).catch((error: unknown) => {
    if (guardFailed(error)) return settleStepByStep(db, order, takes, payment, now);
    throw error;
  });
  // Another confirm settled it first.
  if (!outcome) return { ...(await findOwnOrder(db, user, String(order.id))), paidNow: null };
  if (outcome === 'cancelled') {
    try {
      await refundWhole(db, gateway, order, input.payment_key, ORDER_MESSAGES.notPayable);
    } catch (error) {
      // The payment stays on record as confirmed; confirming again retries the refund (above).
      if (!(error instanceof PaymentUnavailableError || error instanceof PaymentDeclinedError)) throw error;
    }
    throw invalidInput({ order_id: [ORDER_MESSAGES.notPayable] });
  }
  if (!outcome.settlement.paid) {
    try {
      await refundWhole(db, gateway, order, input.payment_key, outcome.settlement.message);
    } catch (error) {
      // The order stays cancelled with its payment confirmed; confirming again retries the refund.
      if (!(error instanceof PaymentUnavailableError || error instanceof PaymentDeclinedError)) throw error;
    }
    throw conflict(outcome.settlement.message);
  }
  // The lines as the statement left them, but for updated_at, which the answer does not show.
  const paidItems = items.map((item) => ({ ...item, status: 'paid' as const }));
  return {
    order: outcome.order,
    items: paidItems,
    reviews: justPaidReviewStates(outcome.order, paidItems, outcome.sessions, now),
    paidNow: { raw, sessions: outcome.sessions },
  };
}
