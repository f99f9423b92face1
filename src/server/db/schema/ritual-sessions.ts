import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * The least of the rituals that the square needs: a session (a month's room) and who joined it.
 * The rituals issue grows these tables; it does not replace them.
 */
export const ritualSessions = pgTable('ritual_sessions', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  endsAt: timestamptz('ends_at').notNull(),
  ...timestamps,
});

export const ritualSessionUsers = pgTable(
  'ritual_session_users',
  {
    id: serial('id').primaryKey(),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ritual_session_users_unique').on(t.ritualSessionId, t.userId),
    index('ritual_session_users_user_idx').on(t.userId),
  ],
);

export type RitualSession = typeof ritualSessions.$inferSelect;
export type RitualSessionUser = typeof ritualSessionUsers.$inferSelect;
