import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';

/** Staff-written notices; a null `published_at` is a draft, one in the future is scheduled. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    // Sanitised with the allow-list before it is stored (ARCHITECTURE.md).
    bodyHtml: text('body_html').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    ...timestamps,
  },
  // The list: pinned first, then newest; only published rows are ever read.
  (t) => [index('notices_list_idx').on(t.isPinned.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.publishedAt} is not null`)],
);

export const faqCategories = pgTable('faq_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    faqCategoryId: integer('faq_category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answerHtml: text('answer_html').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('faqs_category_order_idx').on(t.faqCategoryId, t.sortOrder, t.id)],
);

/** Pages addressed by slug: the terms (`policy`, `privacy`) and any other staff page. */
export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  bodyHtml: text('body_html').notNull(),
  // For terms: the day the text takes effect (시행일).
  effectiveAt: timestamptz('effective_at'),
  isPublished: boolean('is_published').notNull().default(true),
  ...timestamps,
});

/** The tool shop's own pages (brand story, shipping, returns), addressed by slug. */
export const storePages = pgTable('store_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  bodyHtml: text('body_html').notNull(),
  isPublished: boolean('is_published').notNull().default(true),
  ...timestamps,
});

/** Settings staff change without a deploy; only public ones are ever answered to a client. */
export const envs = pgTable('envs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: jsonb('value').notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  description: text('description'),
  ...timestamps,
});

/** Labels shown on cards (NEW, 마감임박, 인기). */
export const badges = pgTable('badges', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  textColor: text('text_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

/** Companies that run rituals with their people (the B2B programmes). */
export const businesses = pgTable('businesses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  summary: text('summary').notNull(),
  bodyHtml: text('body_html').notNull(),
  logoUrl: text('logo_url'),
  websiteUrl: text('website_url'),
  isPublished: boolean('is_published').notNull().default(true),
  ...timestamps,
});

/** What rituals are about (마음 돌보기, 몸 깨우기, 기록하기…), for browsing. */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('themes_active_order_idx').on(t.sortOrder, t.id).where(sql`${t.isActive}`)],
);

/**
 * A version of the home page. The current one is the newest published no later than now;
 * staff preview a draft by id.
 */
export const mains = pgTable(
  'mains',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    publishedAt: timestamptz('published_at'),
    ...timestamps,
  },
  (t) => [index('mains_published_idx').on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.publishedAt} is not null`)],
);

export const mainBanners = pgTable(
  'main_banners',
  {
    id: serial('id').primaryKey(),
    mainId: integer('main_id')
      .notNull()
      .references(() => mains.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    imageUrl: text('image_url').notNull(),
    imageAlt: text('image_alt').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    linkUrl: text('link_url'),
    backgroundColor: text('background_color'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('main_banners_main_order_idx').on(t.mainId, t.sortOrder, t.id)],
);

export type Notice = typeof notices.$inferSelect;
export type FaqCategory = typeof faqCategories.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type StorePage = typeof storePages.$inferSelect;
export type Env = typeof envs.$inferSelect;
export type Badge = typeof badges.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type Theme = typeof themes.$inferSelect;
export type Main = typeof mains.$inferSelect;
export type MainBanner = typeof mainBanners.$inferSelect;
