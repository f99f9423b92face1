import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ProductSort } from '../../../lib/store.ts';
import type { Db } from '../../db/client.ts';
import { badges, productBadges, productImages, productOptions, products, reviews, themes } from '../../db/schema/index.ts';
import type { Badge, Product, ProductImage, ProductOption } from '../../db/schema/index.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { findActiveTheme } from '../content/catalogue-service.ts';
import { LATEST_PRODUCTS, PRODUCTS_PER_PAGE, STORE_MESSAGES } from './schema.ts';

export interface ReviewTotals {
  count: number;
  average: number;
  photoCount: number;
}

export interface ProductView {
  product: Product;
  theme: { id: number; name: string } | null;
  options: ProductOption[];
  images: ProductImage[];
  badges: Badge[];
  reviews: ReviewTotals;
}

export interface ProductPage {
  items: ProductView[];
  total: number;
  page: number;
  perPage: number;
}

const NO_REVIEWS: ReviewTotals = { count: 0, average: 0, photoCount: 0 };

/** Whether a product's status (its column, or a subquery reading it) is one the shop shows. */
export const isListedStatus = (status: SQL): SQL => ne(status, 'hidden');

/** A product the shop shows: hidden ones are not found, for guests and members alike. */
export const isListed = isListedStatus(sql`${products.status}`);

// Each order is one of the partial indexes of products (newest, popular, price), read in its direction.
const ORDERS: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  popular: [desc(products.salesCount), desc(products.id)],
  price_asc: [asc(products.salePrice), asc(products.id)],
  price_desc: [desc(products.salePrice), desc(products.id)],
};

/** Sold out: by its status, or nothing left of it (of any option, when it has options). */
export function isProductSoldOut(product: Product, options: ProductOption[]): boolean {
  if (product.status !== 'on_sale') return true;
  return options.length > 0 ? options.every((option) => option.stock === 0) : product.stock === 0;
}

function group<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const byKey = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const list = byKey.get(id);
    if (list) list.push(row);
    else byKey.set(id, [row]);
  }
  return byKey;
}

/** The review count, average and photo count of each product: one grouped query for a list. */
export async function reviewTotalsOf(db: Db, productIds: number[]): Promise<Map<number, ReviewTotals>> {
  const totals = new Map<number, ReviewTotals>();
  if (productIds.length === 0) return totals;
  const rows = await db
    .select({
      id: reviews.reviewableId,
      count: sql<number>`count(*)::int`,
      average: sql<number>`round(avg(${reviews.rating}), 1)::float8`,
      photoCount: sql<number>`count(${reviews.photoImageUrl})::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.reviewableType, 'product'), inArray(reviews.reviewableId, productIds)))
    .groupBy(reviews.reviewableId);
  for (const row of rows) totals.set(row.id, { count: row.count, average: row.average, photoCount: row.photoCount });
  return totals;
}

/** First images of these products (for cart lines), one query. */
export async function coverImagesOf(db: Db, productIds: number[]): Promise<Map<number, ProductImage>> {
  const covers = new Map<number, ProductImage>();
  if (productIds.length === 0) return covers;
  const rows = await db
    .selectDistinctOn([productImages.productId])
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(productImages.productId, asc(productImages.sortOrder), asc(productImages.id));
  for (const row of rows) covers.set(row.productId, row);
  return covers;
}

type ProductRow = { product: Product; themeId: number | null; themeName: string | null };

/** Rows with their options, images, badges and review totals: four queries whatever the length. */
async function withDetails(db: Db, rows: ProductRow[]): Promise<ProductView[]> {
  const ids = rows.map((row) => row.product.id);
  if (ids.length === 0) return [];
  const [options, images, badgeRows, totals] = await Promise.all([
    db.select().from(productOptions).where(inArray(productOptions.productId, ids)).orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
    db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.sortOrder), asc(productImages.id)),
    db
      .select({ productId: productBadges.productId, badge: badges })
      .from(productBadges)
      .innerJoin(badges, eq(badges.id, productBadges.badgeId))
      .where(inArray(productBadges.productId, ids))
      .orderBy(asc(badges.sortOrder), asc(badges.id)),
    reviewTotalsOf(db, ids),
  ]);
  const optionsOf = group(options, (option) => option.productId);
  const imagesOf = group(images, (image) => image.productId);
  const badgesOf = group(badgeRows, (row) => row.productId);
  return rows.map(({ product, themeId, themeName }) => ({
    product,
    theme: themeId !== null && themeName !== null ? { id: themeId, name: themeName } : null,
    options: optionsOf.get(product.id) ?? [],
    images: imagesOf.get(product.id) ?? [],
    badges: (badgesOf.get(product.id) ?? []).map((row) => row.badge),
    reviews: totals.get(product.id) ?? NO_REVIEWS,
  }));
}

const rowColumns = { product: products, themeId: themes.id, themeName: themes.name };
const themeJoin = and(eq(themes.id, products.themeId), eq(themes.isActive, true));

/** GET /api/products: one page of the shop, in the chosen order, of one theme or all. */
export async function listProducts(
  db: Db,
  {
    sort = 'newest',
    themeId,
    page = 1,
    perPage = PRODUCTS_PER_PAGE,
  }: { sort?: ProductSort; themeId?: number; page?: number; perPage?: number },
): Promise<ProductPage> {
  if (themeId !== undefined && !(await findActiveTheme(db, themeId))) throw invalidInput({ theme_id: [STORE_MESSAGES.themeId] });
  const where = themeId === undefined ? isListed : and(isListed, eq(products.themeId, themeId));
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(products)
      .leftJoin(themes, themeJoin)
      .where(where)
      .orderBy(...ORDERS[sort])
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ count: count() }).from(products).where(where),
  ]);
  return { items: await withDetails(db, rows), total: total?.count ?? 0, page, perPage };
}

/** GET /api/products/latest: the newest tools, for the shop's top shelf. */
export async function latestProducts(db: Db, limit = LATEST_PRODUCTS): Promise<ProductView[]> {
  const rows = await db.select(rowColumns).from(products).leftJoin(themes, themeJoin).where(isListed).orderBy(...ORDERS.newest).limit(limit);
  return withDetails(db, rows);
}

/** GET /api/products/{id}: a listed product with everything its page shows. */
export async function findProduct(db: Db, id: number): Promise<ProductView> {
  const rows = await db
    .select(rowColumns)
    .from(products)
    .leftJoin(themes, themeJoin)
    .where(and(eq(products.id, id), isListed));
  const [view] = await withDetails(db, rows);
  if (!view) throw notFound(STORE_MESSAGES.productNotFound);
  return view;
}

/** Listed products with what their cards show, in the order of `ids` (the search's shop group). */
export async function listedProductsByIds(db: Db, ids: number[]): Promise<ProductView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(rowColumns)
    .from(products)
    .leftJoin(themes, themeJoin)
    .where(and(inArray(products.id, ids), isListed));
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return withDetails(db, ids.flatMap((id) => byId.get(id) ?? []));
}

/** Whether a guest may read this product (and so its reviews). */
export async function isProductListed(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), isListed));
  return row !== undefined;
}

/** Every listed product's id and last change, for sitemap.xml. */
export function listedProductDates(db: Db): Promise<{ id: number; updatedAt: Date }[]> {
  return db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(isListed).orderBy(asc(products.id));
}
