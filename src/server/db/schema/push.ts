import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { ritualSessions } from './ritual-sessions.ts';
import { users } from './users.ts';

/** A browser's push subscription; an endpoint belongs to the member who last sent it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A member's choices about notifications; no row means the defaults (push on, no digest). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push: boolean('push').notNull().default(true),
  emailDigest: boolean('email_digest').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Rooms whose events the member does not want pushed. */
export const mutedRitualSessions = pgTable(
  'muted_ritual_sessions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ritualSessionId] })],
);
