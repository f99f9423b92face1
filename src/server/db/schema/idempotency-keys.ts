import { index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A write a phone may send again after a lost answer (a check-in or a record made offline): the
 * first answer is kept, so a repeat with the same key answers it and creates nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // The route the key was used on and a hash of its body: the same key elsewhere or with another body is refused.
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Upkeep forgets keys after a day.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
