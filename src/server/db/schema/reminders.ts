import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { ritualSessions } from './ritual-sessions.ts';
import { users } from './users.ts';

export const reminderChannels = ['push', 'email', 'kakao'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

/** A member's reminder for one session; no row means the defaults (on, 08:00, push). */
export const ritualReminders = pgTable(
  'ritual_reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    // HH:MM in Seoul time.
    time: text('time').notNull().default('08:00'),
    channels: text('channels', { enum: reminderChannels }).array().notNull().default(['push']),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.ritualSessionId] })],
);

/**
 * One reminder per member, session and Seoul day: the instance that inserts the row sends it,
 * so any number of instances send each reminder once.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    channels: text('channels').array().notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ritualSessionId, t.day] }), index('reminder_deliveries_sent_idx').on(t.sentAt)],
);
