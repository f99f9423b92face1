import { z } from 'zod';
import { perPageField } from '../../http/pagination.ts';
import { routeId } from '../../http/route-id.ts';

export const NOTIFICATIONS_PER_PAGE = 20;
export const NOTIFICATIONS_PER_PAGE_MAX = 50;

export const NOTIFICATION_MESSAGES = {
  notFound: '알림을 찾을 수 없어요.',
  cursor: '목록 위치가 올바르지 않아요. 처음부터 다시 불러와 주세요.',
} as const;

/** The cursor is the last id shown: ids only grow, so a notification that arrives later never lands behind it. */
export const encodeNotificationCursor = (id: number): string => Buffer.from(`n${id}`).toString('base64url');

const cursor = z
  .string()
  .max(40, NOTIFICATION_MESSAGES.cursor)
  .transform((value, ctx) => {
    const text = Buffer.from(value, 'base64url').toString('utf8');
    const id = text.startsWith('n') ? routeId(text.slice(1)) : null;
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.cursor });
      return z.NEVER;
    }
    return id;
  });

/** GET /api/notifications: `cursor` (opaque, from `meta.next_cursor`) and `per_page` (1–50, 20). */
export const notificationListQuery = z.object({
  cursor: cursor.optional(),
  per_page: perPageField(NOTIFICATIONS_PER_PAGE, NOTIFICATIONS_PER_PAGE_MAX),
});
