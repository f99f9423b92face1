import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { ritualSessionTitles, rituals } from './rituals.ts';
import { users } from './users.ts';

/**
 * A session: one run of a ritual, the room of 6 to 20 members who do it together. A session made
 * before rituals existed (the square's first data) has no ritual; the explorer lists only those
 * that do.
 */
export const ritualSessions = pgTable(
  'ritual_sessions',
  {
    id: serial('id').primaryKey(),
    ritualId: integer('ritual_id').references(() => rituals.id, { onDelete: 'cascade' }),
    ritualSessionTitleId: integer('ritual_session_title_id').references(() => ritualSessionTitles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    capacity: integer('capacity').notNull().default(20),
    // In 원; what the order item of joining costs.
    price: integer('price').notNull().default(0),
    // Applications are taken from the first to the second; either may be open-ended.
    recruitStartsAt: timestamptz('recruit_starts_at'),
    recruitEndsAt: timestamptz('recruit_ends_at'),
    // Where a one-day programme meets; monthly rituals meet online.
    place: text('place'),
    isPublished: boolean('is_published').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('ritual_sessions_ritual_idx').on(t.ritualId, t.startsAt),
    index('ritual_sessions_title_idx').on(t.ritualSessionTitleId, t.startsAt),
    index('ritual_sessions_starts_idx').on(t.startsAt),
    check('ritual_sessions_capacity_check', sql`${t.capacity} between 1 and 1000`),
    check('ritual_sessions_price_check', sql`${t.price} >= 0`),
  ],
);

export const ritualSessionRoles = ['host', 'member'] as const;
export type RitualSessionRole = (typeof ritualSessionRoles)[number];

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
    // The host leads the room and takes no seat.
    role: text('role', { enum: ritualSessionRoles }).notNull().default('member'),
    // The member chose to be named in the room's completion list; otherwise only rates are shown.
    sharesProgress: boolean('shares_progress').notNull().default(false),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ritual_session_users_unique').on(t.ritualSessionId, t.userId),
    index('ritual_session_users_user_idx').on(t.userId),
  ],
);

/** A dated meeting of a one-day programme; its time and seats are its session's. */
export const programEvents = pgTable(
  'program_events',
  {
    id: serial('id').primaryKey(),
    // The session owns the dates, the capacity and the price: an event adds where and what.
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    place: text('place').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('program_events_session_unique').on(t.ritualSessionId)],
);

export type RitualSession = typeof ritualSessions.$inferSelect;
export type RitualSessionUser = typeof ritualSessionUsers.$inferSelect;
export type ProgramEvent = typeof programEvents.$inferSelect;
