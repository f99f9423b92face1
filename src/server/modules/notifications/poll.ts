import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQuery } from '../../db/prepared.ts';
import { notifications, sessions, users } from '../../db/schema/index.ts';
import { memberRead, memberReadColumns } from '../sessions/member-read.ts';
import type { MemberRead } from '../sessions/member-read.ts';
import { liveSessionCondition, liveSessionValues } from '../sessions/service.ts';
import type { SessionPolicy } from '../sessions/service.ts';

/** The member's newest notification when it is unread. */
export type NewestUnread = { id: number; createdAt: Date } | null;

/**
 * Every signed-in browser asks every 30 seconds, so the session, its member and the newest
 * notification (the top of the (user_id, id desc) index) come in one statement.
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
    .select({ ...memberReadColumns, newest: { id: newest.id, createdAt: newest.createdAt, readAt: newest.readAt } })
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
): Promise<MemberRead<NewestUnread> | null> {
  const [row] = await pollQuery(db).execute(liveSessionValues(token, now));
  if (!row) return null;
  const { newest } = row;
  const unread = newest && newest.readAt === null ? { id: newest.id, createdAt: newest.createdAt } : null;
  return memberRead(db, row, unread, policy, now);
}
