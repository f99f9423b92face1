import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { users } from './users.ts';

export const inquiryCategories = pgTable('inquiry_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

/** A member's question to the team; editable and deletable only until it is answered. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    inquiryCategoryId: integer('inquiry_category_id')
      .notNull()
      .references(() => inquiryCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    answer: text('answer'),
    answeredAt: timestamptz('answered_at'),
    answeredById: integer('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // A member's own list, newest first.
  // The console's queue: what is still waiting for an answer, oldest first.
  (t) => [
    index('inquiries_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('inquiries_waiting_idx').on(t.createdAt, t.id).where(sql`${t.answeredAt} is null`),
  ],
);

export const inquiryAttachments = pgTable(
  'inquiry_attachments',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('inquiry_attachments_inquiry_idx').on(t.inquiryId, t.sortOrder)],
);

export type InquiryCategory = typeof inquiryCategories.$inferSelect;
export type Inquiry = typeof inquiries.$inferSelect;
export type InquiryAttachment = typeof inquiryAttachments.$inferSelect;
