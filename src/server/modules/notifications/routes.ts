import { Hono } from 'hono';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import { answerMemberRead } from '../../http/member-read.ts';
import { isSpeculative } from '../../http/speculative.ts';
import { requireMember } from '../../http/visitor.ts';
import type { AppEnv } from '../../http/context.ts';
import { idParam } from '../../http/route-id.ts';
import { apiTime } from '../../http/serialize.ts';
import { pollNotifications } from './poll.ts';
import { notificationResource } from './resource.ts';
import { encodeNotificationCursor, NOTIFICATION_MESSAGES, notificationListQuery } from './schema.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service.ts';

// One member's own data, asked for again and again: no shared cache may keep it.
const PRIVATE = 'private, no-store';

/** The poll, mounted before the session middleware; as a GET it needs no request-forgery check. */
export function notificationPollRoutes(db: Db, config: AppConfig) {
  return new Hono<AppEnv>().get('/api/notifications/new', async (c) => {
    const newest = await answerMemberRead(c, config, (token, policy) => pollNotifications(db, token, policy));
    c.header('Cache-Control', PRIVATE);
    return c.json({ data: newest ? { id: newest.id, created_at: apiTime(newest.createdAt) } : null });
  });
}

export function notificationRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/notifications', async (c) => {
      const userId = requireMember(c).id;
      const { cursor, per_page: perPage } = validateQuery(c, notificationListQuery);
      const page = await listNotifications(db, userId, { afterId: cursor ?? null, perPage, opened: !isSpeculative(c.req.raw.headers) });
      c.header('Cache-Control', PRIVATE);
      return c.json({
        data: page.items.map(notificationResource),
        meta: { next_cursor: page.nextAfterId === null ? null : encodeNotificationCursor(page.nextAfterId), per_page: perPage },
      });
    })
    .post('/api/notifications/read-all', async (c) => {
      const userId = requireMember(c).id;
      const { count, readAt } = await markAllNotificationsRead(db, userId);
      return c.json({ data: { read_count: count, read_at: apiTime(readAt) } });
    })
    .post('/api/notifications/:id/read', async (c) => {
      const userId = requireMember(c).id;
      const id = idParam(c, 'id', NOTIFICATION_MESSAGES.notFound);
      return c.json({ data: notificationResource(await markNotificationRead(db, userId, id)) });
    });
}
