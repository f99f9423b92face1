/**
 * The member's bell in the header (SPEC §2 Header behaviour, §4). It starts the 30-second poll
 * and shows the dot while the newest notification is unread; clicking it clears the dot.
 * Desktop (720 px and wider): a button that opens the 알림함 dropdown, which closes on an outside
 * click, Escape, focus leaving it, following a link or a route change. Mobile: a link to
 * /notification, which is also what the server renders before the script takes over.
 * A guest gets no island: the header links the bell to /login.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { NOTIFICATIONS_PATH, NOTIFICATION_BOX_TITLE } from '../../lib/notifications.ts';
import { $notificationDot, dismissNotificationDot, startNotificationPoll } from '../../stores/notifications.ts';
import { markupOfPropsOnly } from '../../lib/island-markup.ts';
import './bell.css';
import './notifications.css';

const DESKTOP_QUERY = '(min-width: 720px)';
const BELL_LABEL = '알림';
const BELL_LABEL_NEW = '알림 (새 알림 있음)';

// The list (with its times and pictures) is fetched the first time the dropdown is wanted, so the
// bell that every member page ships stays small.
const importList = () => import('./NotificationList.tsx');
const LazyNotificationList = lazy(() =>
  importList().then(
    (module) => ({ default: module.NotificationList }),
    // Offline or a new deployment: the page still lists them, and the bell stays.
    () => ({ default: ListUnavailable }),
  ),
);

function ListUnavailable() {
  return (
    <p className="bell-panel-loading" role="alert">
      알림을 불러오지 못했어요. <a href={NOTIFICATIONS_PATH}>알림 페이지에서 보기</a>
    </p>
  );
}

function useDesktop(): boolean {
  const [desktop, setDesktop] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const update = (): void => setDesktop(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return desktop;
}

const ROUTE_EVENTS = ['pagehide', 'popstate', 'hashchange'] as const;

export function Bell() {
  const dot = useStore($notificationDot);
  const desktop = useDesktop();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const panelId = useId();

  useEffect(() => startNotificationPoll(), []);

  // A phone-sized window has no dropdown.
  useEffect(() => {
    if (!desktop) setOpen(false);
  }, [desktop]);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const close = (): void => setOpen(false);
    const onPointerDown = (event: PointerEvent): void => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    for (const type of ROUTE_EVENTS) window.addEventListener(type, close);
    document.addEventListener('astro:before-swap', close);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
      for (const type of ROUTE_EVENTS) window.removeEventListener(type, close);
      document.removeEventListener('astro:before-swap', close);
    };
  }, [open]);

  const label = dot ? BELL_LABEL_NEW : BELL_LABEL;
  const bellIcon = (
    <>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
      </svg>
      {dot && <span className="bell-dot" aria-hidden="true" />}
    </>
  );

  if (!desktop) {
    return (
      <a className="bell-button" href={NOTIFICATIONS_PATH} aria-label={label} onClick={dismissNotificationDot}>
        {bellIcon}
      </a>
    );
  }

  return (
    <div
      className="bell"
      ref={root}
      onBlur={(event) => {
        // Tabbing past the dropdown's last item (or back before the bell) closes it.
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="bell-button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={() => void importList()}
        onFocus={() => void importList()}
        onClick={() => {
          dismissNotificationDot();
          setOpen((shown) => !shown);
        }}
      >
        {bellIcon}
      </button>
      {open && (
        <div ref={panel} id={panelId} className="bell-panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
          <h2 id={titleId} className="bell-panel-title">
            {NOTIFICATION_BOX_TITLE}
          </h2>
          <div className="bell-panel-body">
            <Suspense fallback={<p className="bell-panel-loading">알림을 불러오는 중이에요…</p>}>
              <LazyNotificationList label={NOTIFICATION_BOX_TITLE} onFollow={() => setOpen(false)} />
            </Suspense>
          </div>
        </div>
      )}
    </div>
  );
}
// The same markup for every member until it wakes (src/lib/island-markup.ts).
markupOfPropsOnly(Bell);
