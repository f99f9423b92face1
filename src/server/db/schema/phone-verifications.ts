import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Codes sent by SMS to prove a member holds a phone number. Only the newest row of a member is
 * live; only the code's hash is kept. A row is removed once its number is saved to the member.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Digits only: `82` and `01012345678`.
    countryCode: text('country_code').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    verifiedAt: timestamptz('verified_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_verifications_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

export type PhoneVerification = typeof phoneVerifications.$inferSelect;
