import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createMiddleware } from 'hono/factory';
import { NOTIFICATIONS_PATH, notificationLink, notificationMessage } from '../../../lib/notifications.ts';
import type { PushSender } from '../../adapters/push/index.ts';
import type { Db } from '../../db/client.ts';
import { mutedRitualSessions, notificationSettings, notifications, pushSubscriptions, users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import type { BackgroundWork } from '../../jobs/background-work.ts';
import type { Logger } from '../../logger.ts';
import { notificationResource } from '../notifications/resource.ts';
import { deliverPushes } from './delivery.ts';
import type { PushDelivery, PushResult } from './delivery.ts';
import { collectStoredNotifications } from './stored-notifications.ts';

const actors = alias(users, 'actors');

/**
 * The pushes for stored notifications: one row per notification and subscription of its member,
 * in one query, leaving out members who turned push off and rooms they muted. A notification whose
 * transaction rolled back, or that a later event replaced (a mention replaces the comment's), is
 * not there to read.
 */
export async function notificationPushes(db: Db, ids: readonly number[]): Promise<PushDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      isAnonymous: notifications.isAnonymous,
      data: notifications.data,
      actorId: notifications.actorId,
      sourceType: notifications.sourceType,
      sourceId: notifications.sourceId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actorNickname: actors.nickname,
      actorImage: actors.profileImage,
      actorDeletedAt: actors.deletedAt,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(
      and(
        inArray(notifications.id, [...new Set(ids)]),
        sql`coalesce(${notificationSettings.push}, true)`,
        sql`not exists (select 1 from ${mutedRitualSessions} where ${mutedRitualSessions.userId} = ${notifications.userId}
          and ${mutedRitualSessions.ritualSessionId} = (${notifications.data} ->> 'ritual_session_id')::int)`,
      ),
    );
  return rows.map((row) => {
    const { data } = notificationResource({
      id: row.id,
      type: row.type,
      isAnonymous: row.isAnonymous,
      data: row.data,
      actor: row.actorNickname === null ? null : { nickname: row.actorNickname, profileImage: row.actorImage, deleted: row.actorDeletedAt !== null },
      hasActor: row.type !== 'coupon' && row.type !== 'letter' && row.type !== 'inquiry_answer' && row.type !== 'order_paid' && row.type !== 'export_ready',
      commentId: row.sourceType === 'comment' ? row.sourceId : null,
      readAt: row.readAt,
      createdAt: row.createdAt,
    });
    return {
      target: { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
      // The same words as the bell's list: what happened, then what it happened to.
      message: { title: notificationMessage(data), body: data.title, url: notificationLink(data) ?? NOTIFICATIONS_PATH, tag: `notification-${row.id}` },
    };
  });
}

export async function pushNotifications(db: Db, sender: PushSender, ids: readonly number[], log: Pick<Logger, 'warn'>): Promise<PushResult> {
  return deliverPushes(db, sender, await notificationPushes(db, ids), log);
}

/**
 * Around every request: the notifications it stored are pushed once it has answered, as
 * background work (not waited for by the answer; shutdown waits for it; a failure is logged).
 */
export const pushStoredNotifications = (db: Db, sender: PushSender | undefined, background: BackgroundWork) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!sender || sender.publicKey === null) return next();
    const ids: number[] = [];
    await collectStoredNotifications(ids, next);
    if (ids.length === 0) return;
    const log = c.get('log');
    background.start(log, 'push notifications', async () => {
      const result = await pushNotifications(db, sender, ids, log);
      if (result.sent + result.gone + result.failed > 0) log.info({ ...result }, 'pushed notifications');
    });
  });
