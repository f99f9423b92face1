import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { pages } from './content.ts';
import { users } from './users.ts';

/** One-time codes that open the console when a staff member's authenticator is lost; stored hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Every change made through the console: who, what, the record before and after, when, and the
 * request it came with. Rows are only ever inserted; no route updates or deletes them.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    // Kept when the staff account is later removed: the row still says what was done.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    modelType: text('model_type').notNull(),
    modelId: integer('model_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_logs_model_idx').on(t.modelType, t.modelId),
    index('audit_logs_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
  ],
);

export const reportModelTypes = ['square_post', 'ritual_session_post', 'comment'] as const;
export type ReportModelType = (typeof reportModelTypes)[number];

export const reportReasons = ['spam', 'abuse', 'obscene', 'privacy', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** A member's 신고 of a post or comment, once per member and item. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelType: text('model_type', { enum: reportModelTypes }).notNull(),
    modelId: integer('model_id').notNull(),
    reason: text('reason', { enum: reportReasons }).notNull(),
    detail: text('detail'),
    // Set when staff decide on the item (hidden or left up); the queue shows items with open reports.
    resolvedAt: timestamptz('resolved_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_once_per_member_idx').on(t.reporterId, t.modelType, t.modelId),
    index('reports_model_idx').on(t.modelType, t.modelId),
    index('reports_open_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.resolvedAt} is null`),
  ],
);

/** The terms' earlier texts: a new effective version keeps the one it replaces here. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    effectiveAt: timestamptz('effective_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('page_versions_page_idx').on(t.pageId, t.effectiveAt.desc().nullsFirst())],
);
