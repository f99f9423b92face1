import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';

export const bannerTypes = ['header_text_banner', 'main_hero_banner', 'store_banner'] as const;
export type BannerType = (typeof bannerTypes)[number];

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: bannerTypes }).notNull(),
    text: text('text').notNull(),
    link: text('link'),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  // Every page asks for the current header banner: one index answers it.
  (t) => [index('banners_current_idx').on(t.type, t.sortOrder, t.id).where(sql`${t.isActive}`)],
);

export type Banner = typeof banners.$inferSelect;
