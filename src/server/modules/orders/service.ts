import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SQL, WithSubquery } from 'drizzle-orm';
import { formatWon } from '../../../lib/numbers.ts';
import { couponDiscount, splitDiscount } from '../../../lib/orders.ts';
import { shippingOf } from '../../../lib/store.ts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { PaymentDeclinedError, PaymentUnavailableError } from '../../adapters/payments/index.ts';
import { inOrder, runsAlone } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { preparedQueries } from '../../db/prepared.ts';
import {
  cartItems,
  couponUsers,
  coupons,
  notifications,
  orderItems,
  orders,
  payments,
  productOptions,
  products,
  refunds,
  ritualSessionUsers,
  ritualSessions,
  tempCartItems,
} from '../../db/schema/index.ts';
import type { Coupon, CouponUser, Order, OrderItem, RitualSession, User } from '../../db/schema/index.ts';
import { conflict, invalidInput, notFound } from '../../domain-errors.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { orderPaidNotification } from '../notifications/events.ts';
import { justPaidReviewStates, reviewStatesOf } from '../reviews/eligibility.ts';
import type { ItemReviewState } from '../reviews/eligibility.ts';
import { listTempCart } from '../store/cart-service.ts';
import { findIsolatedRegion } from '../store/region-service.ts';
import type { OrderConfirmInput, OrderCreateInput } from './schema.ts';
import { newOrderNumber, numberTaken } from './order-number.ts';
import { ORDER_MESSAGES } from './schema.ts';

export interface OrderView {
  order: Order;
  items: OrderItem[];
  /** Each line's review state, where the answer shows it (a new, unpaid order has none to show). */
  reviews?: Map<number, ItemReviewState>;
}

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

interface RequestedLine {
  productId: number | null;
  productOptionId: number | null;
  ritualSessionId: number | null;
  quantity: number;
}

interface PricedLine {
  kind: 'product' | 'ritual_session';
  productId: number | null;
  productOptionId: number | null;
  ritualSessionId: number | null;
  name: string;
  optionName: string | null;
  unitPrice: number;
  quantity: number;
  lineAmount: number;
  shipping: { fee: number; free_over: number | null } | null;
}

const refuse = (message: string) => invalidInput({ items: [message] });

// Two draws of one number in a day are rare (1 in 887 million a pair); five in a row, never.
const ORDER_NUMBER_ATTEMPTS = 5;

async function requestedLines(db: Db, user: User, input: OrderCreateInput): Promise<{ lines: RequestedLine[]; cartItemIds: number[] }> {
  if (input.cart_item_ids) {
    const rows = await db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, input.cart_item_ids)))
      .orderBy(asc(cartItems.id));
    if (rows.length !== input.cart_item_ids.length) throw invalidInput({ cart_item_ids: [ORDER_MESSAGES.cartItemIds] });
    return {
      lines: rows.map((row) => ({ productId: row.productId, productOptionId: row.productOptionId, ritualSessionId: null, quantity: row.quantity })),
      cartItemIds: rows.map((row) => row.id),
    };
  }
  if (input.from_temp_cart) {
    const rows = await listTempCart(db, user);
    if (rows.length === 0) throw invalidInput({ from_temp_cart: [ORDER_MESSAGES.nothingToOrder] });
    return { lines: rows, cartItemIds: [] };
  }
  throw invalidInput({ cart_item_ids: [ORDER_MESSAGES.cartItemIds] });
}

async function memberCounts(db: Db, sessionIds: number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ritualSessionUsers.ritualSessionId, count: sql<number>`count(*)::int` })
    .from(ritualSessionUsers)
    .where(and(inArray(ritualSessionUsers.ritualSessionId, sessionIds), eq(ritualSessionUsers.role, 'member')))
    .groupBy(ritualSessionUsers.ritualSessionId);
  return new Map(rows.map((row) => [row.id, row.count]));
}

/** Prices every line from the database, refusing what cannot be bought now. */
async function priceLines(db: Db, user: User, lines: RequestedLine[], now: Date): Promise<PricedLine[]> {
  const productIds = lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const sessionIds = lines.flatMap((line) => (line.ritualSessionId === null ? [] : [line.ritualSessionId]));
  const [productAndOptionRows, sessionRows, seats, joined] = await Promise.all([
    // The products with their options, one row per option.
    productIds.length ? db.select({ product: products, option: productOptions }).from(products).leftJoin(productOptions, eq(productOptions.productId, products.id)).where(inArray(products.id, productIds)) : [],
    sessionIds.length ? db.select().from(ritualSessions).where(inArray(ritualSessions.id, sessionIds)) : [],
    memberCounts(db, sessionIds),
    sessionIds.length
      ? db
          .select({ id: ritualSessionUsers.ritualSessionId })
          .from(ritualSessionUsers)
          .where(and(eq(ritualSessionUsers.userId, user.id), inArray(ritualSessionUsers.ritualSessionId, sessionIds)))
      : [],
  ]);
  const productsById = new Map(productAndOptionRows.map((row) => [row.product.id, row.product]));
  const optionRows = productAndOptionRows.flatMap((row) => (row.option ? [row.option] : []));
  const joinedIds = new Set(joined.map((row) => row.id));
  return lines.map((line): PricedLine => {
    if (line.ritualSessionId !== null) {
      const session = sessionRows.find((row) => row.id === line.ritualSessionId);
      if (!session?.isPublished || session.startsAt <= now) throw refuse(ORDER_MESSAGES.sessionGone);
      if (joinedIds.has(session.id)) throw refuse(ORDER_MESSAGES.sessionJoined(session.title));
      if ((seats.get(session.id) ?? 0) >= session.capacity) throw refuse(ORDER_MESSAGES.sessionFull(session.title));
      return { kind: 'ritual_session', productId: null, productOptionId: null, ritualSessionId: session.id, name: session.title, optionName: null, unitPrice: session.price, quantity: 1, lineAmount: session.price, shipping: null };
    }
    const product = line.productId === null ? undefined : productsById.get(line.productId);
    if (!product || product.status === 'hidden') throw refuse(ORDER_MESSAGES.productGone('선택한 상품'));
    if (product.status === 'sold_out') throw refuse(ORDER_MESSAGES.soldOut(product.title));
    const ownOptions = optionRows.filter((option) => option.productId === product.id);
    const option = ownOptions.find((row) => row.id === line.productOptionId);
    if (ownOptions.length > 0 && !option) throw refuse(ORDER_MESSAGES.productGone(product.title));
    const name = option ? `${product.title} (${option.name})` : product.title;
    const stock = option ? option.stock : product.stock;
    if (line.quantity > stock) throw refuse(ORDER_MESSAGES.stockShort(name, stock));
    const unitPrice = product.salePrice + (option?.extraPrice ?? 0);
    return {
      kind: 'product',
      productId: product.id,
      productOptionId: option?.id ?? null,
      ritualSessionId: null,
      name: product.title,
      optionName: option?.name ?? null,
      unitPrice,
      quantity: line.quantity,
      lineAmount: unitPrice * line.quantity,
      shipping: { fee: product.shippingFee, free_over: product.freeShippingOver },
    };
  });
}

function couponRefusal(coupon: Coupon, wallet: CouponUser, now: Date): string | null {
  if (wallet.usedOrderId !== null) return ORDER_MESSAGES.couponUsed;
  if ((coupon.validFrom && coupon.validFrom > now) || (coupon.validUntil && coupon.validUntil < now)) return ORDER_MESSAGES.couponExpired;
  return null;
}

const appliesTo = (coupon: Coupon, line: PricedLine): boolean =>
  coupon.appliesTo === 'all' || (coupon.appliesTo === 'products' ? line.kind === 'product' : line.kind === 'ritual_session');

/** The coupon's discount per line (zeros without a coupon). */
async function discountShares(db: Db, user: User, couponUserId: number | undefined, lines: PricedLine[], now: Date): Promise<number[]> {
  if (couponUserId === undefined) return lines.map(() => 0);
  const [row] = await db
    .select({ wallet: couponUsers, coupon: coupons })
    .from(couponUsers)
    .innerJoin(coupons, eq(coupons.id, couponUsers.couponId))
    .where(and(eq(couponUsers.id, couponUserId), eq(couponUsers.userId, user.id)));
  if (!row) throw invalidInput({ coupon_user_id: [ORDER_MESSAGES.couponUserId] });
  const refusal = couponRefusal(row.coupon, row.wallet, now);
  if (refusal) throw invalidInput({ coupon_user_id: [refusal] });
  const eligible = lines.map((line) => (appliesTo(row.coupon, line) ? line.lineAmount : 0));
  const base = eligible.reduce((sum, amount) => sum + amount, 0);
  if (base === 0) throw invalidInput({ coupon_user_id: [ORDER_MESSAGES.couponScope] });
  if (base < row.coupon.minOrderAmount) throw invalidInput({ coupon_user_id: [ORDER_MESSAGES.couponMinimum(formatWon(row.coupon.minOrderAmount))] });
  const discount = couponDiscount(
    { kind: row.coupon.kind, value: row.coupon.value, max_discount: row.coupon.maxDiscount, min_order_amount: row.coupon.minOrderAmount },
    base,
  );
  return splitDiscount(eligible, discount);
}

/** POST /api/orders: every amount from the database; the order waits for its payment. */
export async function createOrder(db: Db, user: User, input: OrderCreateInput, now = new Date()): Promise<OrderView> {
  const { lines: requested, cartItemIds } = await requestedLines(db, user, input);
  const lines = await priceLines(db, user, requested, now);
  const shipped = lines.filter((line) => line.shipping !== null);
  let isolatedFee = 0;
  if (shipped.length > 0) {
    const missing: Record<string, string[]> = {};
    if (!input.recipient_name) missing.recipient_name = [ORDER_MESSAGES.recipientName];
    if (!input.recipient_phone) missing.recipient_phone = [ORDER_MESSAGES.recipientPhone];
    if (!input.postal_code) missing.postal_code = ['우편번호를 입력해 주세요.'];
    if (!input.address) missing.address = [ORDER_MESSAGES.address];
    if (Object.keys(missing).length > 0) throw invalidInput(missing);
    isolatedFee = (await findIsolatedRegion(db, input.postal_code!)).extra_fee;
  }
  const shippingFee = shippingOf(shipped.map((line) => ({ line_total: line.lineAmount, shipping: line.shipping! }))).fee;
  const shares = await discountShares(db, user, input.coupon_user_id, lines, now);
  const itemsAmount = lines.reduce((sum, line) => sum + line.lineAmount, 0);
  const discountAmount = shares.reduce((sum, share) => sum + share, 0);
  const title = lines.length > 1 ? `${lines[0]!.name} 외 ${lines.length - 1}건` : lines[0]!.name;
  const values = {
    userId: user.id,
    title,
    itemsAmount,
    shippingFee,
    isolatedFee,
    discountAmount,
    amount: itemsAmount + shippingFee + isolatedFee - discountAmount,
    recipientName: shipped.length > 0 ? (input.recipient_name ?? null) : null,
    recipientPhone: shipped.length > 0 ? (input.recipient_phone ?? null) : null,
    postalCode: shipped.length > 0 ? (input.postal_code ?? null) : null,
    address: shipped.length > 0 ? (input.address ?? null) : null,
    addressDetail: shipped.length > 0 ? (input.address_detail ?? null) : null,
    memo: shipped.length > 0 ? (input.memo ?? null) : null,
    couponUserId: input.coupon_user_id ?? null,
    cartItemIds,
    ...Object.fromEntries(
      lines.flatMap((line, index) => [
        [`kind${index}`, line.kind],
        [`productId${index}`, line.productId],
        [`productOptionId${index}`, line.productOptionId],
        [`ritualSessionId${index}`, line.ritualSessionId],
        [`name${index}`, line.name],
        [`optionName${index}`, line.optionName],
        [`unitPrice${index}`, line.unitPrice],
        [`quantity${index}`, line.quantity],
        [`lineAmount${index}`, line.lineAmount],
        [`discountShare${index}`, shares[index] ?? 0],
      ]),
    ),
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const rows = await insertOrderQuery(db, lines.length).execute({ ...values, orderNumber: newOrderNumber(now) });
      return { order: rows[0]!.order, items: rows.map((row) => row.item) };
    } catch (error) {
      if (!numberTaken(error) || attempt === ORDER_NUMBER_ATTEMPTS) throw error;
    }
  }
}

const ORDER_FIELDS = Object.keys(getTableColumns(orders)) as (keyof Order)[];
const ORDER_ITEM_FIELDS = Object.keys(getTableColumns(orderItems)) as (keyof OrderItem)[];
/** A statement's columns by name: a CTE's are its own, aliased to it, with the table's mappings. */
const pick = <T extends object, K extends keyof T>(source: T, names: readonly K[]) => Object.fromEntries(names.map((name) => [name, source[name]])) as Pick<T, K>;

/**
 * The order and its lines in one statement, so without a transaction: they go in together or not
 * at all, and the other queries never wait behind an open one. One shape per number of lines.
 */
const insertOrderQuery = preparedQueries((db: Db, lineCount: number) => {
  const placeholder = (name: string) => sql.placeholder(name);
  const created = db.$with('created').as(
    db
      .insert(orders)
      .values({
        orderNumber: placeholder('orderNumber'),
        userId: placeholder('userId'),
        title: placeholder('title'),
        itemsAmount: placeholder('itemsAmount'),
        shippingFee: placeholder('shippingFee'),
        isolatedFee: placeholder('isolatedFee'),
        discountAmount: placeholder('discountAmount'),
        amount: placeholder('amount'),
        recipientName: placeholder('recipientName'),
        recipientPhone: placeholder('recipientPhone'),
        postalCode: placeholder('postalCode'),
        address: placeholder('address'),
        addressDetail: placeholder('addressDetail'),
        memo: placeholder('memo'),
        couponUserId: placeholder('couponUserId'),
        cartItemIds: placeholder('cartItemIds'),
      })
      .returning(),
  );
  const lines = db.$with('lines').as(
    db
      .insert(orderItems)
      .values(
        Array.from({ length: lineCount }, (_, index) => ({
          orderId: sql<number>`(select ${sql.identifier('id')} from ${created})`,
          kind: placeholder(`kind${index}`),
          productId: placeholder(`productId${index}`),
          productOptionId: placeholder(`productOptionId${index}`),
          ritualSessionId: placeholder(`ritualSessionId${index}`),
          name: placeholder(`name${index}`),
          optionName: placeholder(`optionName${index}`),
          unitPrice: placeholder(`unitPrice${index}`),
          quantity: placeholder(`quantity${index}`),
          lineAmount: placeholder(`lineAmount${index}`),
          discountShare: placeholder(`discountShare${index}`),
        })),
      )
      .returning(),
  );
  return db
    .with(created, lines)
    .select({ order: pick(created, ORDER_FIELDS), item: pick(lines, ORDER_ITEM_FIELDS) })
    .from(created)
    .innerJoin(lines, sql`true`)
    .orderBy(asc(lines.id))
    .prepare(`create_order_${lineCount}`);
});

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
async function ownOrderWithItems(db: Db, user: User, orderId: string): Promise<{ order: Order; items: OrderItem[] }> {
  const byId = /^\d{1,9}$/.test(orderId);
  const rows = await ownOrderQuery(db, byId ? 'id' : 'number').execute({ key: byId ? Number(orderId) : orderId, userId: user.id });
  const order = rows[0]?.order;
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return { order, items: rows.flatMap((row) => (row.item ? [row.item] : [])) };
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

const REFUNDABLE: Order['status'][] = ['paid', 'preparing', 'partially_refunded'];

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
