import { quietApi } from '../lib/browser-api.ts';
import { isUnread, markedRead, notificationsApi } from '../lib/notifications.ts';
import type { NotificationItem } from '../lib/notifications.ts';
import { createPagedList } from './paged-list.ts';

/**
 * The notifications of one list (the bell's dropdown, the /notification page): its pages, and
 * following an item, which marks it read here and on the server.
 */
export function createNotificationList(initial?: { items: NotificationItem[]; next: string | null }) {
  const list = createPagedList<NotificationItem>({ path: notificationsApi.list, ...(initial ? { initial } : {}) });

  const follow = (item: NotificationItem): void => {
    if (!isUnread(item)) return;
    // Fire and forget; keepalive lets the request outlive the page it leaves.
    void quietApi(notificationsApi.read(item.id), { method: 'POST', keepalive: true }).catch(() => undefined);
    const at = new Date().toISOString();
    list.update((items) => markedRead(items, item.id, at));
  };

  return { ...list, follow };
}
