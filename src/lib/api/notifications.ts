import type { notificationResource } from '../../server/modules/notifications/resource.ts';
import type { NewNotificationAnswer } from '../notifications.ts';
import type { Answer } from './body.ts';
import { clientFor } from './clients.ts';

export type NotificationAnswer = ReturnType<typeof notificationResource>;

export const notificationPaths = { list: '/api/notifications' } as const;

/** The newest notification's id and time; quiet: a poll that fails in the background must not raise an alert. */
export const latestNotification = (): Promise<NewNotificationAnswer> => clientFor({ quiet: true }).get<NewNotificationAnswer>('/api/notifications/new');

/** Fire and forget; keepalive lets the request outlive the page it leaves. */
export const markNotificationRead = (notificationId: number): Promise<unknown> =>
  clientFor({ quiet: true })(`/api/notifications/${notificationId}/read`, { method: 'POST', keepalive: true });

/** Every one of the member's: how many were unread, and the time they were read at. */
export async function markAllNotificationsRead(): Promise<{ read_count: number; read_at: string }> {
  const { data } = await clientFor().post<Answer<{ read_count: number; read_at: string }>>('/api/notifications/read-all');
  return data;
}
