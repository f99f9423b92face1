import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * One weekly letter per member and week (the Seoul date of the week's Monday): the instance that
 * inserts the row sends it, so any number of instances send each letter once.
 */
export const weeklyLetterDeliveries = pgTable(
  'weekly_letter_deliveries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] }), index('weekly_letter_deliveries_sent_idx').on(t.sentAt)],
);
