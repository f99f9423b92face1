import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { badges, themes } from './content.ts';

export const ritualTypes = ['monthly', 'one_day'] as const;
export type RitualType = (typeof ritualTypes)[number];

/** A habit programme: four weeks of a daily practice (`monthly`) or a class of one day (`one_day`). */
export const rituals = pgTable(
  'rituals',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ritualTypes }).notNull(),
    title: text('title').notNull(),
    // One line for cards and search engines.
    summary: text('summary').notNull(),
    // Sanitised with the allow-list before it is stored, as every HTML people read.
    descriptionHtml: text('description_html').notNull(),
    howItGoesHtml: text('how_it_goes_html').notNull(),
    coverImageUrl: text('cover_image_url').notNull(),
    coverImageAlt: text('cover_image_alt').notNull(),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    hostName: text('host_name').notNull(),
    hostIntroduction: text('host_introduction').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('rituals_list_idx').on(t.type, t.sortOrder, t.id).where(sql`${t.isPublished}`),
    index('rituals_theme_idx').on(t.themeId, t.sortOrder, t.id).where(sql`${t.isPublished}`),
  ],
);

export const ritualBadges = pgTable(
  'ritual_badges',
  {
    ritualId: integer('ritual_id')
      .notNull()
      .references(() => rituals.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ritualId, t.badgeId] })],
);

/** The season a set of sessions belongs to (「2026년 12월 리추얼」). */
export const ritualSessionTitles = pgTable(
  'ritual_session_titles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('ritual_session_titles_starts_idx').on(t.startsAt.desc().nullsFirst())],
);

export const offTheRecordKinds = ['interview', 'record', 'review'] as const;
export type OffTheRecordKind = (typeof offTheRecordKinds)[number];

export const offTheRecordCategories = pgTable('off_the_record_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Editorial pieces: interviews with members, records of a ritual, reviews. */
export const offTheRecords = pgTable(
  'off_the_records',
  {
    id: serial('id').primaryKey(),
    offTheRecordCategoryId: integer('off_the_record_category_id')
      .notNull()
      .references(() => offTheRecordCategories.id),
    kind: text('kind', { enum: offTheRecordKinds }).notNull(),
    ritualId: integer('ritual_id').references(() => rituals.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    contentHtml: text('content_html').notNull(),
    coverImageUrl: text('cover_image_url').notNull(),
    coverImageAlt: text('cover_image_alt').notNull(),
    authorName: text('author_name').notNull(),
    // Unpublished while null; scheduled while in the future.
    publishedAt: timestamptz('published_at'),
    commentsCount: integer('comments_count').notNull().default(0),
    reactionsCount: integer('reactions_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('off_the_records_list_idx').on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.publishedAt} is not null`),
    index('off_the_records_category_idx')
      .on(t.offTheRecordCategoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.publishedAt} is not null`),
    index('off_the_records_kind_idx').on(t.kind, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.publishedAt} is not null`),
  ],
);

export const searchKinds = ['ritual', 'program', 'off_the_record', 'product', 'square_post'] as const;
export type SearchKind = (typeof searchKinds)[number];

/**
 * The explorer's search index: every two-character gram of an item's title and text. Korean has
 * no spaces inside words to split on, and trigrams miss a query of two syllables, so a query is
 * cut into the same grams and an item must hold them all (then its text is checked).
 */
export const searchGrams = pgTable(
  'search_grams',
  {
    gram: text('gram').notNull(),
    kind: text('kind', { enum: searchKinds }).notNull(),
    itemId: integer('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gram, t.kind, t.itemId] }), index('search_grams_item_idx').on(t.kind, t.itemId)],
);

export type Ritual = typeof rituals.$inferSelect;
export type RitualSessionTitle = typeof ritualSessionTitles.$inferSelect;
export type OffTheRecordCategory = typeof offTheRecordCategories.$inferSelect;
export type OffTheRecord = typeof offTheRecords.$inferSelect;
