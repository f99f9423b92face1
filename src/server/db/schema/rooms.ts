import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { ritualSessions } from './ritual-sessions.ts';
import { users } from './users.ts';

/** The six kinds of room post; `notice` is the host's (and staff's), the others any member's. */
export const roomPostCategories = ['notice', 'wakeup', 'ritual_goal', 'weekly_goal', 'inspiration', 'retrospect'] as const;
export type RoomPostCategory = (typeof roomPostCategories)[number];

export const ritualSessionPosts = pgTable(
  'ritual_session_posts',
  {
    id: serial('id').primaryKey(),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category', { enum: roomPostCategories }).notNull(),
    title: text('title'),
    // Sanitised with the allow-list before it is stored.
    contentHtml: text('content_html').notNull(),
    // Plain text for lists, link previews and notifications, derived on save.
    excerpt: text('excerpt').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    // Readable by anyone at /posts/public/{id} (a shared link); the rest of the room stays closed.
    isPublic: boolean('is_public').notNull().default(false),
    // Kept by the services in the same transaction as the rows they count.
    commentsCount: integer('comments_count').notNull().default(0),
    reactionsCount: integer('reactions_count').notNull().default(0),
    readsCount: integer('reads_count').notNull().default(0),
    // Hidden by staff after reports: the room sees a notice in its place.
    hiddenAt: timestamptz('hidden_at'),
    ...timestamps,
  },
  // NULLS FIRST: what `desc()` means in a query, so the cursor lists are served without a sort.
  (t) => [
    index('ritual_session_posts_feed_idx').on(t.ritualSessionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ritual_session_posts_notice_idx')
      .on(t.ritualSessionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.category} = 'notice'`),
    index('ritual_session_posts_user_idx').on(t.userId, t.ritualSessionId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Who read a room post, once each; the first read is the one kept. */
export const ritualSessionPostReads = pgTable(
  'ritual_session_post_reads',
  {
    ritualSessionPostId: integer('ritual_session_post_id')
      .notNull()
      .references(() => ritualSessionPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ritualSessionPostId, t.userId] })],
);

/** A conversation the room keeps apart from the daily records, answered by comments. */
export const ritualSessionThreads = pgTable(
  'ritual_session_threads',
  {
    id: serial('id').primaryKey(),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    contentHtml: text('content_html').notNull(),
    excerpt: text('excerpt').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    commentsCount: integer('comments_count').notNull().default(0),
    reactionsCount: integer('reactions_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('ritual_session_threads_feed_idx').on(t.ritualSessionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A member's own threads in id order: their export reads them a page at a time.
    index('ritual_session_threads_user_idx').on(t.userId, t.id),
  ],
);

/** The sentences a member may pick when checking in (오늘도 해냈어요 …), chosen by the operators. */
export const ritualSessionCheckInTexts = pgTable('ritual_session_check_in_texts', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** One check-in per member per Seoul day of a session; `day` is that Seoul date. */
export const ritualSessionCheckIns = pgTable(
  'ritual_session_check_ins',
  {
    id: serial('id').primaryKey(),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checkInTextId: integer('check_in_text_id').references(() => ritualSessionCheckInTexts.id, { onDelete: 'set null' }),
    content: text('content'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ritual_session_check_ins_day_unique').on(t.ritualSessionId, t.userId, t.day),
    index('ritual_session_check_ins_user_idx').on(t.userId, t.day),
  ],
);

/**
 * The Seoul days on which a member did their ritual in a session (a check-in, or a post in a record
 * category: every one but notice), with how many records that day holds. Derived from those two
 * tables and kept by their triggers (drizzle/0020_done_day_triggers.sql), whichever way a record is
 * written, moved or removed: completion, streaks and heatmaps read a row a day instead of every
 * record (a room home asked this for each visit, over all of the member's posts).
 */
export const ritualSessionDoneDays = pgTable(
  'ritual_session_done_days',
  {
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    records: integer('records').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ritualSessionId, t.userId, t.day] }),
    index('ritual_session_done_days_user_idx').on(t.userId, t.day),
  ],
);

/** The letter to myself: written during the session, delivered once at its end. */
export const ritualSessionLetters = pgTable(
  'ritual_session_letters',
  {
    id: serial('id').primaryKey(),
    ritualSessionId: integer('ritual_session_id')
      .notNull()
      .references(() => ritualSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    // Set in the same transaction that notifies; a letter with it set is never sent again.
    deliveredAt: timestamptz('delivered_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ritual_session_letters_unique').on(t.ritualSessionId, t.userId),
    index('ritual_session_letters_undelivered_idx').on(t.ritualSessionId).where(sql`${t.deliveredAt} is null`),
    // A member's own letters, for their export.
    index('ritual_session_letters_user_idx').on(t.userId, t.id),
  ],
);

export type RitualSessionPost = typeof ritualSessionPosts.$inferSelect;
export type RitualSessionThread = typeof ritualSessionThreads.$inferSelect;
export type RitualSessionCheckIn = typeof ritualSessionCheckIns.$inferSelect;
export type RitualSessionCheckInText = typeof ritualSessionCheckInTexts.$inferSelect;
export type RitualSessionLetter = typeof ritualSessionLetters.$inferSelect;
