import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

export const socialProviders = ['kakao', 'naver', 'google', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** A member's account at a sign-in provider; one provider account belongs to one member. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: socialProviders }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_user_unique').on(t.provider, t.providerUserId),
    index('social_accounts_user_id_idx').on(t.userId),
  ],
);
