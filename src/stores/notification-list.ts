import { atom } from 'nanostores';
import { markAllNotificationsRead, markNotificationRead, notificationPaths } from '../lib/api/notifications.ts';
import { allMarkedRead, isUnread, markedRead } from '../lib/notifications.ts';
import type { NotificationItem } from '../lib/notifications.ts';
import { dismissNotificationDot } from './notifications.ts';
import { createPagedList } from './paged-list.ts';

/**
 * The notifications of one list (the bell's dropdown, the /notification page): its pages,
 * following an item, which marks it read here and on the server, and 모두 읽음.
 */
export function createNotificationList(initial?: { items: NotificationItem[]; next: string | null }) {
  const list = createPagedList<NotificationItem>({ path: notificationPaths.list, ...(initial ? { initial } : {}) });
  /** 모두 읽음: on its way, done (the pages not loaded yet will come read), or why it failed. */
  const $readAll = atom<{ busy: boolean; done: boolean; error: unknown }>({ busy: false, done: false, error: undefined });

  const follow = (item: NotificationItem): void => {
    if (!isUnread(item)) return;
    // Fire and forget; keepalive lets the request outlive the page it leaves.
    void markNotificationRead(item.id).catch(() => undefined);
    const at = new Date().toISOString();
    list.update((items) => markedRead(items, item.id, at));
  };

  // Every one of the member's, the pages not loaded yet too: the server marks them all.
  const readAll = async (): Promise<void> => {
    $readAll.set({ busy: true, done: false, error: undefined });
    try {
      const data = await markAllNotificationsRead();
      list.update((items) => allMarkedRead(items, data.read_at));
      dismissNotificationDot();
      $readAll.set({ busy: false, done: true, error: undefined });
    } catch (error) {
      $readAll.set({ busy: false, done: false, error });
    }
  };

  return { ...list, follow, $readAll, readAll };
}
