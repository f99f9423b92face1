import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { NotificationData, NotificationSource, NotificationType } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import { NOTIFICATION_MESSAGES } from './schema.ts';

export interface NotificationView {
  id: number;
  type: NotificationType;
  isAnonymous: boolean;
  data: NotificationData;
  /** The actor as they are now (null: none, as for a coupon, or their row is gone). */
  actor: { nickname: string; profileImage: string | null; deleted: boolean } | null;
  hasActor: boolean;
  /** The comment it reports (a comment, a reply or a mention in it); null for a reaction, a coupon and the rest. */
  commentId: number | null;
  readAt: Date | null;
  createdAt: Date;
}

// The actor is joined, not copied: a renamed member shows the new name, a deleted one 탈퇴한 회원.
const viewColumns = {
  id: notifications.id,
  type: notifications.type,
  isAnonymous: notifications.isAnonymous,
  data: notifications.data,
  actorId: notifications.actorId,
  sourceType: notifications.sourceType,
  sourceId: notifications.sourceId,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorNickname: users.nickname,
  actorImage: users.profileImage,
  actorDeletedAt: users.deletedAt,
};

type Row = {
  id: number;
  type: NotificationType;
  isAnonymous: boolean;
  data: NotificationData;
  actorId: number | null;
  sourceType: NotificationSource;
  sourceId: number;
  readAt: Date | null;
  createdAt: Date;
  actorNickname: string | null;
  actorImage: string | null;
  actorDeletedAt: Date | null;
};

const toView = (row: Row): NotificationView => ({
  id: row.id,
  type: row.type,
  isAnonymous: row.isAnonymous,
  data: row.data,
  actor:
    row.actorNickname === null ? null : { nickname: row.actorNickname, profileImage: row.actorImage, deleted: row.actorDeletedAt !== null },
  // A coupon, a letter to oneself, the team's answer and a payment have no actor; any other type without one had its actor's row removed.
  hasActor: row.type !== 'coupon' && row.type !== 'letter' && row.type !== 'inquiry_answer' && row.type !== 'order_paid' && row.type !== 'export_ready',
  commentId: row.sourceType === 'comment' ? row.sourceId : null,
  readAt: row.readAt,
  createdAt: row.createdAt,
});

const selectViews = (db: Db) =>
  db.select(viewColumns).from(notifications).leftJoin(users, eq(users.id, notifications.actorId));

export interface NotificationPage {
  items: NotificationView[];
  /** The last id shown, when there is more. */
  nextAfterId: number | null;
}

/**
 * A member's notifications, newest first, after the id `afterId` (exclusive) when paging on: one
 * query down the (user_id, id desc) index. Opening the list (no `afterId`) marks the newest one
 * read when it is unread, unless `opened` is false (a prefetch: nobody looked); the page still
 * shows it as it was, so it can be styled as new.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  options: { afterId: number | null; perPage: number; opened: boolean },
): Promise<NotificationPage> {
  const rows = await selectViews(db)
    .where(and(eq(notifications.userId, userId), options.afterId === null ? undefined : lt(notifications.id, options.afterId)))
    .orderBy(desc(notifications.id))
    .limit(options.perPage + 1);
  const items = rows.slice(0, options.perPage).map(toView);
  const newest = items[0];
  if (options.opened && options.afterId === null && newest && newest.readAt === null) {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.id, newest.id), isNull(notifications.readAt)));
  }
  return { items, nextAfterId: rows.length > options.perPage ? (items.at(-1)?.id ?? null) : null };
}

/** Marks one of the member's own notifications read (the first time only); 404 for anyone else's. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<NotificationView> {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!updated) throw notFound(NOTIFICATION_MESSAGES.notFound);
  const [row] = await selectViews(db).where(eq(notifications.id, id));
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return toView(row);
}

/**
 * Marks every unread notification of the member read at one time (모두 읽음), in one statement
 * down the member's own rows; those read before keep their time. Answers how many it marked.
 */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<{ count: number; readAt: Date }> {
  const readAt = new Date();
  const marked = await db
    .update(notifications)
    .set({ readAt })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { count: marked.length, readAt };
}
