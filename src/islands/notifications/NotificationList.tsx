/**
 * The notifications, newest first, shared by the bell's dropdown and the /notification page.
 * The page renders its first page on the server and passes it in; the dropdown passes nothing and
 * the list asks for its first page when it opens (which marks the newest one read, server-side).
 * Further pages load when the end of the list is fully visible (SPEC §2). Its styles
 * (notifications.css) come with the bell and the page: the dropdown loads this module lazily, and
 * the build drops the styles of a lazily imported island module.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { EMPTY_NOTIFICATIONS_TEXT, UNREAD_LABEL, isUnread, notificationImage, notificationLink, notificationMessage } from '../../lib/notifications.ts';
import type { NotificationItem } from '../../lib/notifications.ts';
import { relativeTime } from '../../lib/time.ts';
import { createNotificationList } from '../../stores/notification-list.ts';
import { ActionFeedback } from '../shared/ActionFeedback.tsx';
import { failureMessage } from '../shared/failure-messages.ts';
import { MemberAvatar } from '../shared/MemberAvatar.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

const AVATAR_SIZE = 48;
const RETRY_LABEL = '다시 시도';
const READ_ALL_LABEL = '모두 읽음';

export interface NotificationListProps {
  /** The server-rendered first page; absent in the dropdown, which asks for it on opening. */
  initialItems?: NotificationItem[];
  /** The cursor after `initialItems`; null when they were the last. */
  initialCursor?: string | null;
  /** Without a script, where the page after `initialItems` is read (the page's own address). */
  moreHref?: string | null;
  /** Called when a person follows an item's link (the dropdown closes). */
  onFollow?: () => void;
  /** The list's name for screen readers. */
  label?: string;
}

export function NotificationList({ initialItems, initialCursor = null, moreHref = null, onFollow, label = '알림 목록' }: NotificationListProps) {
  const [list] = useState(() => createNotificationList(initialItems && { items: initialItems, next: initialCursor }));
  const { items, next, started, loading, error } = useStore(list.$view);
  const readAll = useStore(list.$readAll);
  const hydrated = useHydrated();
  const sentinel = useRef<HTMLDivElement>(null);
  const failed = error !== undefined;

  useEffect(() => {
    const stop = list.start();
    // A new opening of the dropdown mounts a new list, which asks for its first page.
    if (!list.$view.get().started) list.loadFirst();
    return stop;
  }, [list]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !started || next === null || failed) return;
    // Threshold 1: only when the end of the list is entirely in view, in the page or the dropdown.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= 1)) list.loadMore();
      },
      { threshold: 1 },
    );
    observer.observe(target);
    return () => observer.disconnect();
    // A new observer per cursor reports at once, so an end still in view after a page loads the next.
  }, [list, next, started, failed]);

  const follow = (item: NotificationItem): void => {
    list.follow(item);
    onFollow?.();
  };

  const now = new Date();
  // Unread ones may wait on pages not loaded yet, unless all were just read.
  const anyUnread = items.some(isUnread) || (next !== null && !readAll.done);

  return (
    <div className="notification-list" aria-busy={loading}>
      {items.length > 0 && (
        <div className="notification-toolbar">
          <button type="button" className="notification-read-all" disabled={!hydrated || readAll.busy || !anyUnread} onClick={() => void list.readAll()}>
            {READ_ALL_LABEL}
          </button>
          <ActionFeedback status={readAll.done ? '모든 알림을 읽음으로 표시했어요.' : ''} error={failureMessage(readAll.error)} errorClassName="notification-error" />
        </div>
      )}
      {items.length > 0 && (
        <ul className="notification-items" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} now={now} onFollow={follow} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="notification-end" aria-hidden="true" />
      <div className="notification-status" aria-live="polite">
        {started && !loading && !failed && items.length === 0 && <p className="notification-empty">{EMPTY_NOTIFICATIONS_TEXT}</p>}
        {loading && <p>알림을 불러오는 중이에요…</p>}
        {failed && (
          <p className="notification-error" role="alert">
            {failureMessage(error)}{' '}
            <button type="button" className="pill" onClick={list.retry}>
              {RETRY_LABEL}
            </button>
          </p>
        )}
        {!hydrated && next !== null && moreHref && (
          <a className="pill notification-more" href={moreHref}>
            더 보기
          </a>
        )}
        {started && next === null && items.length > 0 && <p className="notification-done">모든 알림을 확인했어요.</p>}
      </div>
    </div>
  );
}

function NotificationRow({ item, now, onFollow }: { item: NotificationItem; now: Date; onFollow: (item: NotificationItem) => void }) {
  const href = notificationLink(item.data);
  const unread = isUnread(item);
  const content = (
    <>
      <MemberAvatar src={notificationImage(item.data)} size={AVATAR_SIZE} />
      <span className="notification-body">
        <span className="notification-message">
          {unread && <span className="visually-hidden">{UNREAD_LABEL}, </span>}
          {notificationMessage(item.data)}
        </span>
        {item.data.title && <span className="notification-title">{item.data.title}</span>}
        {/* The server's "now" and the browser's may differ by a minute. */}
        <time className="notification-time" dateTime={item.created_at} suppressHydrationWarning>
          {relativeTime(item.created_at, now)}
        </time>
      </span>
      {unread && <span className="notification-unread-dot" aria-hidden="true" />}
    </>
  );
  const className = unread ? 'notification-row is-unread' : 'notification-row';
  if (href === null) return <div className={className}>{content}</div>;
  return (
    <a className={className} href={href} onClick={() => onFollow(item)}>
      {content}
    </a>
  );
}
