import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { formatWon } from '../../../lib/numbers.ts';
import { couponDiscount, splitDiscount } from '../../../lib/orders.ts';
import { shippingOf } from '../../../lib/store.ts';
import type { Db } from '../../db/client.ts';
import { preparedQueries } from '../../db/prepared.ts';
import {
  cartItems,
  couponUsers,
  coupons,
  orderItems,
  orders,
  productOptions,
  products,
  ritualSessionUsers,
  ritualSessions,
} from '../../db/schema/index.ts';
import type { Coupon, CouponUser, Order, OrderItem, User } from '../../db/schema/index.ts';
import { invalidInput } from '../../domain-errors.ts';
import { listTempCart } from '../store/cart-service.ts';
import { findIsolatedRegion } from '../store/region-service.ts';
import type { OrderCreateInput } from './schema.ts';
import { newOrderNumber, numberTaken } from './order-number.ts';
import { ORDER_MESSAGES } from './schema.ts';
import type { OrderView } from './service.ts';

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

/** Seats taken in each session: its members, its host aside. */
export async function memberCounts(db: Db, sessionIds: number[]): Promise<Map<number, number>> {
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
