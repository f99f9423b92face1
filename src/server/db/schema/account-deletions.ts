import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/** Why members left: the reason is kept, the person's data is not. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_deletions_created_at_idx').on(t.createdAt)],
);
