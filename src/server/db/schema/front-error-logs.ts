import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const frontErrorLogs = pgTable(
  'front_error_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    userAgent: text('user_agent'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    requestId: text('request_id'),
    context: jsonb('context').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('front_error_logs_created_at_idx').on(t.createdAt)],
);
