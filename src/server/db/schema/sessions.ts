import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    // The SHA-256 of the cookie's token: a leaked table does not hand out live sessions.
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    remember: boolean('remember').notNull().default(false),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export type Session = typeof sessions.$inferSelect;
