import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A browser where an account has signed in: its cookie holds a random token, and only the token's
 * hash is kept, so a leaked table marks no device. A password change or signing out everywhere
 * deletes an account's rows.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_token_hash_unique').on(t.tokenHash), index('known_devices_user_id_idx').on(t.userId)],
);

export type KnownDevice = typeof knownDevices.$inferSelect;
