import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQuery } from '../../db/prepared.ts';
import { notifications, sessions, users } from '../../db/schema/index.ts';
import { keepAlive, liveSessionCondition, liveSessionValues } from '../sessions/service.ts';
import type { SessionPolicy } from '../sessions/service.ts';
import { isSuspended } from '../users/suspension.ts';

export interface NotificationPoll {
  /** Null for a session without a member (a guest's, a deleted or suspended member's). */
  userId: number | null;
  /** The member's newest notification when it is unread. */
  newestUnread: { id: number; createdAt: Date } | null;
}

/**
 * Every signed-in browser asks every 30 seconds, so the session, its member and the newest
 * notification (the top of the (user_id, id desc) index) come in one statement, not the session
 * middleware's and then the route's.
 */
const pollQuery = preparedQuery((db) => {
  const newest = db
    .select({ id: notifications.id, createdAt: notifications.createdAt, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, sessions.userId))
    .orderBy(desc(notifications.id))
    .limit(literalLimit(1))
    .as('newest');
  return db
    .select({
      session: {
        id: sessions.id,
        remember: sessions.remember,
        lastActivityAt: sessions.lastActivityAt,
      },
      userId: users.id,
      userDeletedAt: users.deletedAt,
      userSuspendedUntil: users.suspendedUntil,
      newest: { id: newest.id, createdAt: newest.createdAt, readAt: newest.readAt },
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(newest, sql`true`)
    .where(liveSessionCondition())
    .limit(literalLimit(1))
    .prepare('notifications_poll');
});

/** What the poll answers for a session cookie's token; null when no live session has it. */
export async function pollNotifications(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<NotificationPoll | null> {
  const [row] = await pollQuery(db).execute(liveSessionValues(token, now));
  if (!row) return null;
  await keepAlive(db, row.session, policy, now);
  if (row.userId === null || row.userDeletedAt !== null || isSuspended({ suspendedUntil: row.userSuspendedUntil }, now)) return { userId: null, newestUnread: null };
  const { newest } = row;
  return {
    userId: row.userId,
    newestUnread: newest && newest.readAt === null ? { id: newest.id, createdAt: newest.createdAt } : null,
  };
}
