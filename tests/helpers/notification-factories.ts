import type { Db } from '../../src/server/db/client.ts';
import { notifications } from '../../src/server/db/schema/index.ts';
import type { NewNotification, NotificationData } from '../../src/server/db/schema/index.ts';

/** The data of a square post's notification, as the emitters write it. */
export function notificationData(overrides: Partial<NotificationData> = {}): NotificationData {
  return {
    title: '',
    link: null,
    target: 'post',
    reaction_type: null,
    ritual_session_id: null,
    ritual_session_thread_id: null,
    square_post_category_slug: 'free',
    id: 1,
    ...overrides,
  };
}

/** `count` comment notifications for `userId`, oldest first (ids grow), as the emitters would write them. */
export async function insertNotifications(
  db: Db,
  userId: number,
  count: number,
  overrides: Partial<NewNotification> = {},
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, index) => ({
        userId,
        type: 'comment_on_post' as const,
        actorId: null,
        isAnonymous: true,
        sourceType: 'comment' as const,
        // No comment row behind it: far from the ids the tests' real comments get.
        sourceId: 1_000_000 + index,
        data: notificationData({ title: `알림 ${index + 1}`, id: index + 1 }),
        ...overrides,
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}
