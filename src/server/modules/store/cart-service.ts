import { and, asc, desc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { CartLineProblem } from '../../../lib/store.ts';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { cartItems, productOptions, products, ritualSessions, tempCartItems, users } from '../../db/schema/index.ts';
import type { Product, ProductImage, ProductOption, TempCartItem, User } from '../../db/schema/index.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { coverImagesOf, isListed } from './product-service.ts';
import { STORE_MESSAGES } from './schema.ts';
import type { TempCartLine } from './schema.ts';

export interface CartLineView {
  id: number;
  product: Product;
  option: ProductOption | null;
  image: ProductImage | null;
  quantity: number;
  isSelected: boolean;
  unitPrice: number;
  /** How many can be ordered now. */
  stock: number;
  problem: CartLineProblem;
}

interface ProductLineInput {
  product_id: number;
  product_option_id?: number;
  quantity: number;
}

/** What is left of a product, or of its option. */
const stockOf = (product: Product, option: ProductOption | null): number => (option ? option.stock : product.stock);

function problemOf(product: Product, option: ProductOption | null, quantity: number): CartLineProblem {
  const stock = stockOf(product, option);
  if (product.status !== 'on_sale' || stock === 0) return 'sold_out';
  return quantity > stock ? 'stock_short' : null;
}

/**
 * Serialises one member's cart writes (a second tab adding the same product waits for the first),
 * so the merge of the same product and option never races into the unique index.
 */
async function lockMember(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A hidden product's lines leave the cart with the member's next change of it. */
async function dropHiddenLines(db: Db, userId: number): Promise<void> {
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, db.select({ id: products.id }).from(products).where(eq(products.status, 'hidden')))));
}

/**
 * The product and option a line names, checked for buying `quantity` of them: unknown ones, a
 * missing or foreign option and a sold-out one answer 422 on their field, too many on `quantity`.
 */
// A listed product with its options, one row per option: every 바로 구매 and cart change reads it.
const purchasableQuery = preparedQuery((db) =>
  db
    .select({ product: products, option: productOptions })
    .from(products)
    .leftJoin(productOptions, eq(productOptions.productId, products.id))
    .where(and(eq(products.id, sql.placeholder('id')), isListed))
    .prepare('purchasable_product'),
);

async function purchasable(db: Db, input: ProductLineInput, field = ''): Promise<{ product: Product; option: ProductOption | null }> {
  const rows = await purchasableQuery(db).execute({ id: input.product_id });
  const product = rows[0]?.product;
  if (!product) throw invalidInput({ [`${field}product_id`]: [STORE_MESSAGES.productNotFound] });
  const options = rows.flatMap((row) => (row.option ? [row.option] : []));
  let option: ProductOption | null = null;
  if (input.product_option_id !== undefined) {
    option = options.find((candidate) => candidate.id === input.product_option_id) ?? null;
    if (!option) {
      const message = options.length === 0 ? STORE_MESSAGES.optionNotExpected : STORE_MESSAGES.optionNotFound;
      throw invalidInput({ [`${field}product_option_id`]: [message] });
    }
  } else if (options.length > 0) {
    throw invalidInput({ [`${field}product_option_id`]: [STORE_MESSAGES.optionId] });
  }
  if (product.status === 'sold_out') throw invalidInput({ [`${field}product_id`]: [STORE_MESSAGES.productSoldOut] });
  if (option && option.stock === 0) throw invalidInput({ [`${field}product_option_id`]: [STORE_MESSAGES.optionSoldOut] });
  assertStock(product, option, input.quantity, `${field}quantity`);
  return { product, option };
}

function assertStock(product: Product, option: ProductOption | null, quantity: number, field = 'quantity'): void {
  const stock = stockOf(product, option);
  if (product.status !== 'on_sale' || stock === 0) {
    throw invalidInput(option ? { product_option_id: [STORE_MESSAGES.optionSoldOut] } : { product_id: [STORE_MESSAGES.productSoldOut] });
  }
  if (quantity > stock) throw invalidInput({ [field]: [STORE_MESSAGES.stockShort(stock)] });
}

const sameLine = (userId: number, productId: number, optionId: number | null) =>
  and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), optionId === null ? isNull(cartItems.productOptionId) : eq(cartItems.productOptionId, optionId));

/** The member's lines of listed products, newest first, with what each costs and whether it can be ordered. */
export async function listCart(db: Db, user: User): Promise<CartLineView[]> {
  const rows = await db
    .select({ line: cartItems, product: products, option: productOptions })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), isListed))
    .leftJoin(productOptions, eq(productOptions.id, cartItems.productOptionId))
    .where(eq(cartItems.userId, user.id))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
  const covers = await coverImagesOf(db, [...new Set(rows.map((row) => row.product.id))]);
  return rows.map(({ line, product, option }) => ({
    id: line.id,
    product,
    option,
    image: covers.get(product.id) ?? null,
    quantity: line.quantity,
    isSelected: line.isSelected,
    unitPrice: product.salePrice + (option?.extraPrice ?? 0),
    stock: product.status === 'on_sale' ? stockOf(product, option) : 0,
    problem: problemOf(product, option, line.quantity),
  }));
}

// The count POST /api/cart-items answers with, as the header badge's (./cart-badge.ts) counts it.
const countQuery = preparedQuery((db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), isListed))
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .prepare('cart_count'),
);

/** The number of the member's cart lines (of listed products). */
export async function countCart(db: Db, user: User): Promise<number> {
  const [row] = await countQuery(db).execute({ userId: user.id });
  return row?.count ?? 0;
}

async function lineOf(db: Db, user: User, id: number): Promise<CartLineView> {
  const line = (await listCart(db, user)).find((candidate) => candidate.id === id);
  if (!line) throw notFound(STORE_MESSAGES.cartItemNotFound);
  return line;
}

/** POST /api/cart-items: adds the product (and option), merging with the same line already there. */
export async function addToCart(db: Db, user: User, input: ProductLineInput): Promise<{ line: CartLineView; count: number }> {
  const id = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockMember(txDb, user.id);
    await dropHiddenLines(txDb, user.id);
    const { product, option } = await purchasable(txDb, input);
    const [existing] = await txDb
      .select()
      .from(cartItems)
      .where(sameLine(user.id, product.id, option?.id ?? null));
    if (existing) {
      const quantity = existing.quantity + input.quantity;
      assertStock(product, option, quantity);
      await txDb.update(cartItems).set({ quantity, isSelected: true }).where(eq(cartItems.id, existing.id));
      return existing.id;
    }
    const [created] = await txDb
      .insert(cartItems)
      .values({ userId: user.id, productId: product.id, productOptionId: option?.id ?? null, quantity: input.quantity })
      .returning({ id: cartItems.id });
    return created!.id;
  });
  const [line, count] = await Promise.all([lineOf(db, user, id), countCart(db, user)]);
  return { line, count };
}

/** The member's own line, or 404 for anyone else's (or none). */
async function ownLine(db: Db, user: User, id: number) {
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, user.id)));
  if (!line) throw notFound(STORE_MESSAGES.cartItemNotFound);
  return line;
}

/**
 * POST /api/cart-items/{id} with `_method` PUT: a new quantity or option. Choosing the option of
 * another line of the same product merges the two. Answers the line as it now is.
 */
export async function updateCartItem(db: Db, user: User, id: number, input: { quantity?: number; product_option_id?: number }): Promise<CartLineView> {
  const resultId = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockMember(txDb, user.id);
    await dropHiddenLines(txDb, user.id);
    const line = await ownLine(txDb, user, id);
    const quantity = input.quantity ?? line.quantity;
    const optionId = input.product_option_id ?? line.productOptionId ?? undefined;
    const { product, option } = await purchasable(txDb, { product_id: line.productId, product_option_id: optionId, quantity });
    if ((option?.id ?? null) === line.productOptionId) {
      await txDb.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
      return line.id;
    }
    const [other] = await txDb
      .select()
      .from(cartItems)
      .where(sameLine(user.id, product.id, option?.id ?? null));
    if (!other) {
      await txDb.update(cartItems).set({ quantity, productOptionId: option?.id ?? null }).where(eq(cartItems.id, line.id));
      return line.id;
    }
    const merged = other.quantity + quantity;
    assertStock(product, option, merged);
    await txDb.update(cartItems).set({ quantity: merged }).where(eq(cartItems.id, other.id));
    await txDb.delete(cartItems).where(eq(cartItems.id, line.id));
    return other.id;
  });
  return lineOf(db, user, resultId);
}

/** POST /api/cart-items/{id} with `_method` DELETE. */
export async function deleteCartItem(db: Db, user: User, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await ownLine(txDb, user, id);
    await txDb.delete(cartItems).where(eq(cartItems.id, id));
    await dropHiddenLines(txDb, user.id);
  });
}

/** POST /api/cart-items with `_method` PUT {ids}: exactly these of the member's lines are chosen. */
export async function selectCartItems(db: Db, user: User, ids: number[]): Promise<CartLineView[]> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await dropHiddenLines(txDb, user.id);
    await txDb.update(cartItems).set({ isSelected: true }).where(and(eq(cartItems.userId, user.id), ids.length > 0 ? inArray(cartItems.id, ids) : sql`false`));
    await txDb
      .update(cartItems)
      .set({ isSelected: false })
      .where(and(eq(cartItems.userId, user.id), ids.length > 0 ? notInArray(cartItems.id, ids) : undefined));
  });
  return listCart(db, user);
}

/**
 * POST /api/temp-cart-items {items}: the temp cart becomes these lines, each checked as the cart
 * checks. The checks only screen what the checkout will show (the order prices and checks it all
 * again), so they run before the one statement that swaps the lines, which needs no transaction.
 */
export async function replaceTempCart(db: Db, user: User, items: TempCartLine[]): Promise<TempCartItem[]> {
  const rows: (typeof tempCartItems.$inferInsert)[] = [];
  for (const [index, item] of items.entries()) {
    const field = `items.${index}.`;
    if ('ritual_session_id' in item) {
      const [session] = await db
        .select({ id: ritualSessions.id })
        .from(ritualSessions)
        .where(and(eq(ritualSessions.id, item.ritual_session_id), eq(ritualSessions.isPublished, true)));
      if (!session) throw invalidInput({ [`${field}ritual_session_id`]: [STORE_MESSAGES.ritualSessionNotFound] });
      rows.push({ userId: user.id, ritualSessionId: session.id, quantity: 1 });
    } else {
      const { product, option } = await purchasable(db, item, field);
      rows.push({ userId: user.id, productId: product.id, productOptionId: option?.id ?? null, quantity: item.quantity });
    }
  }
  // One statement: the lines it deletes are those there before it, never the ones it inserts.
  const cleared = db.$with('cleared').as(db.delete(tempCartItems).where(eq(tempCartItems.userId, user.id)).returning({ id: tempCartItems.id }));
  return db.with(cleared).insert(tempCartItems).values(rows).returning();
}

/** GET /api/temp-cart-items */
/**
 * A temp cart is filled by 바로 구매 or 신청하기 on the way to the checkout; one left a day is
 * abandoned. Deletes up to `limit` of them, claimed so that several instances share the work.
 */
export const TEMP_CART_TTL_MS = 24 * 3_600_000;

export async function pruneStaleTempCarts(db: Db, limit: number, now = new Date()): Promise<number> {
  const claimed = db
    .select({ id: tempCartItems.id })
    .from(tempCartItems)
    .where(lt(tempCartItems.createdAt, new Date(now.getTime() - TEMP_CART_TTL_MS)))
    .orderBy(tempCartItems.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(tempCartItems).where(inArray(tempCartItems.id, claimed)).returning({ id: tempCartItems.id });
  return deleted.length;
}

// The checkout page and every order placed from 바로 구매 read it.
const tempCartQuery = preparedQuery((db) =>
  db.select().from(tempCartItems).where(eq(tempCartItems.userId, sql.placeholder('userId'))).orderBy(asc(tempCartItems.id)).prepare('temp_cart'),
);

export function listTempCart(db: Db, user: User): Promise<TempCartItem[]> {
  return tempCartQuery(db).execute({ userId: user.id });
}
