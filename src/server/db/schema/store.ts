import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { badges, themes } from './content.ts';
import { ritualSessions } from './ritual-sessions.ts';
import { users } from './users.ts';

/** `hidden` is off the shop and out of every cart; `sold_out` is shown and cannot be bought. */
export const productStatuses = ['on_sale', 'sold_out', 'hidden'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * A tool of the shop. `price` is the list price, `sale_price` what it sells for (equal when not
 * discounted). Stock lives here for a product without options and on each option otherwise, so
 * that the checkout takes it under a row lock (`select … for update`) on exactly one row a line.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    // One line for cards and search engines.
    summary: text('summary').notNull(),
    // Sanitised with the allow-list before it is stored.
    descriptionHtml: text('description_html').notNull(),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    price: integer('price').notNull(),
    salePrice: integer('sale_price').notNull(),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: productStatuses }).notNull().default('on_sale'),
    // The shipping rule: this fee per order of the product, nothing from `free_shipping_over` on.
    shippingFee: integer('shipping_fee').notNull().default(3000),
    freeShippingOver: integer('free_shipping_over'),
    // Units sold, kept by the checkout: the "popular" order.
    salesCount: integer('sales_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('products_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} <> 'hidden'`),
    index('products_popular_idx').on(t.salesCount.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} <> 'hidden'`),
    index('products_price_idx').on(t.salePrice, t.id).where(sql`${t.status} <> 'hidden'`),
    index('products_theme_idx').on(t.themeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} <> 'hidden'`),
    check('products_prices_check', sql`${t.salePrice} >= 0 and ${t.salePrice} <= ${t.price}`),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_shipping_check', sql`${t.shippingFee} >= 0 and (${t.freeShippingOver} is null or ${t.freeShippingOver} > 0)`),
  ],
);

/** A choice of a product (colour, size, scent) with its own extra price and stock. */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    extraPrice: integer('extra_price').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('product_options_product_idx').on(t.productId, t.sortOrder, t.id),
    check('product_options_stock_check', sql`${t.stock} >= 0 and ${t.extraPrice} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder, t.id)],
);

export const productBadges = pgTable(
  'product_badges',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.badgeId] })],
);

/**
 * A member's cart line. The same product and option is one line (the unique index, with no option
 * counted as option 0). A deleted product takes its lines with it; a hidden one's lines are left
 * out of every read and removed the next time the member changes the cart.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productOptionId: integer('product_option_id').references(() => productOptions.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    // Chosen for the order (`_method` PUT {ids}); a new line is chosen.
    isSelected: boolean('is_selected').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, sql`coalesce(${t.productOptionId}, 0)`),
    index('cart_items_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * What "바로 구매" or applying for a ritual session hands to the checkout: replaced as a whole on
 * every write. A line is a product (with its option and quantity) or a ritual session, never both.
 */
export const tempCartItems = pgTable(
  'temp_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    productOptionId: integer('product_option_id').references(() => productOptions.id, { onDelete: 'cascade' }),
    ritualSessionId: integer('ritual_session_id').references(() => ritualSessions.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('temp_cart_items_user_idx').on(t.userId, t.id),
    index('temp_cart_items_created_idx').on(t.createdAt),
    check('temp_cart_items_kind_check', sql`(${t.productId} is null) <> (${t.ritualSessionId} is null)`),
    check('temp_cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * 도서산간: postal-code ranges (five digits, both ends included) that cost more to ship to.
 * Reference data, filled by the migration that creates the table.
 */
export const isolatedRegions = pgTable(
  'isolated_regions',
  {
    id: serial('id').primaryKey(),
    region: text('region').notNull(),
    postalCodeFrom: text('postal_code_from').notNull(),
    postalCodeTo: text('postal_code_to').notNull(),
    extraFee: integer('extra_fee').notNull(),
  },
  (t) => [
    index('isolated_regions_range_idx').on(t.postalCodeFrom, t.postalCodeTo),
    check('isolated_regions_range_check', sql`${t.postalCodeFrom} <= ${t.postalCodeTo}`),
  ],
);

export type Product = typeof products.$inferSelect;
export type ProductOption = typeof productOptions.$inferSelect;
export type ProductImage = typeof productImages.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type TempCartItem = typeof tempCartItems.$inferSelect;
export type IsolatedRegion = typeof isolatedRegions.$inferSelect;
