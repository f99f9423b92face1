import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import type { ReactionType } from './square.ts';
import { users } from './users.ts';

export const notificationTypes = ['comment_on_post', 'reply_to_comment', 'reaction_on_post', 'mention', 'coupon', 'letter', 'inquiry_answer', 'order_paid', 'export_ready'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** What the notification points at, as the API names it (`data.target`). */
export const notificationTargets = ['post', 'comment', 'coupon'] as const;
export type NotificationTarget = (typeof notificationTargets)[number];

/** What caused a notification; removing the cause removes the notification (a deleted comment, a withdrawn reaction). */
export const notificationSources = ['comment', 'reaction', 'coupon', 'letter', 'inquiry', 'order', 'export'] as const;
export type NotificationSource = (typeof notificationSources)[number];

/**
 * What the notification says, written when it is sent (the post's title then, like a letter);
 * the actor's nickname and picture are not here: they are joined when read, so a renamed or
 * deleted member is shown as they are now.
 */
export interface NotificationData {
  title: string;
  link: string | null;
  target: NotificationTarget;
  reaction_type: ReactionType | null;
  ritual_session_id: number | null;
  ritual_session_thread_id: number | null;
  square_post_category_slug: string | null;
  /** The square post's id, or the room post's when `ritual_session_id` is set; null for a coupon. */
  id: number | null;
}

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // The actor acted anonymously: their name and picture are never shown.
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    sourceType: text('source_type', { enum: notificationSources }).notNull(),
    sourceId: integer('source_id').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Every list page and the 30-second poll read a member's newest first by id (the cursor);
    // DESC NULLS FIRST is what `desc()` means, so the index serves them without a sort.
    index('notifications_user_list_idx').on(t.userId, t.id.desc().nullsFirst()),
    // Deleting a comment or withdrawing a reaction finds its notifications.
    index('notifications_source_idx').on(t.sourceType, t.sourceId),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
