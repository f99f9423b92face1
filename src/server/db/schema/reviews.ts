import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { orderItems } from './orders.ts';
import { users } from './users.ts';

export const reviewableTypes = ['product', 'ritual'] as const;
export type ReviewableType = (typeof reviewableTypes)[number];

/**
 * A member's review of what they bought: a product, or a ritual they joined by paying for its
 * session. Written from a paid order item, one review an item (the unique index is what holds it
 * when two requests race); the review outlives its item if the order is ever removed.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reviewableType: text('reviewable_type', { enum: reviewableTypes }).notNull(),
    reviewableId: integer('reviewable_id').notNull(),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    // Sanitised with the allow-list before it is stored.
    contentHtml: text('content_html').notNull(),
    photoImageUrl: text('photo_image_url'),
    ...timestamps,
  },
  (t) => [
    index('reviews_list_idx').on(t.reviewableType, t.reviewableId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_photo_list_idx')
      .on(t.reviewableType, t.reviewableId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.photoImageUrl} is not null`),
    uniqueIndex('reviews_order_item_idx').on(t.orderItemId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export type Review = typeof reviews.$inferSelect;
