/**
 * The header's bell (src/components/header/MemberActions.astro): the dot follows the poll's store,
 * and a click clears it. On a phone the bell is the server's link to /notification. From 720 px
 * it is a button that opens the 알림함 dropdown, which closes on an outside click, Escape, focus
 * leaving it, following a link or a route change; the list inside is React, loaded on the first
 * opening (or when the pointer or focus reaches the button).
 */
import type { mountBellList } from '../../islands/notifications/bell-list.tsx';
import { NOTIFICATIONS_PATH, NOTIFICATION_BOX_TITLE } from '../../lib/notifications.ts';
import { $notificationDot, dismissNotificationDot } from '../../stores/notifications.ts';

const DESKTOP_QUERY = '(min-width: 720px)';
const BELL_LABEL = '알림';
const BELL_LABEL_NEW = '알림 (새 알림 있음)';
const LOADING_TEXT = '알림을 불러오는 중이에요…';
const ROUTE_EVENTS = ['pagehide', 'popstate', 'hashchange'] as const;

type MountBellList = typeof mountBellList;

let listModule: Promise<MountBellList> | undefined;
const importList = (): Promise<MountBellList> => {
  listModule ??= import('../../islands/notifications/bell-list.tsx').then(
    (module) => module.mountBellList,
    (error: unknown) => {
      // Offline or a new deployment: the next opening tries again.
      listModule = undefined;
      throw error;
    },
  );
  return listModule;
};

function paragraph(className: string, text: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.className = className;
  element.textContent = text;
  return element;
}

// The page still lists them, and the bell stays.
function listUnavailable(): HTMLParagraphElement {
  const message = paragraph('bell-panel-loading', '알림을 불러오지 못했어요. ');
  message.setAttribute('role', 'alert');
  const link = document.createElement('a');
  link.href = NOTIFICATIONS_PATH;
  link.textContent = '알림 페이지에서 보기';
  message.append(link);
  return message;
}

export function startBell(root: HTMLElement): void {
  const link = root.querySelector<HTMLAnchorElement>('[data-bell-link]');
  const button = root.querySelector<HTMLButtonElement>('[data-bell-toggle]');
  const panel = root.querySelector<HTMLElement>('[data-bell-panel]');
  const body = root.querySelector<HTMLElement>('[data-bell-list]');
  if (!link || !button || !panel || !body) return;

  $notificationDot.subscribe((dot) => {
    for (const control of [link, button]) {
      control.setAttribute('aria-label', dot ? BELL_LABEL_NEW : BELL_LABEL);
      const mark = control.querySelector<HTMLElement>('.bell-dot');
      if (mark) mark.hidden = !dot;
    }
  });

  let open = false;
  // Bumped on each closing, so a list that finishes loading after it is not mounted.
  let opening = 0;
  let unmountList: (() => void) | undefined;
  const desktop = window.matchMedia(DESKTOP_QUERY);

  const onPointerDown = (event: PointerEvent): void => {
    if (!root.contains(event.target as Node)) close();
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
    button.focus();
  };
  const close = (): void => {
    if (!open) return;
    open = false;
    opening += 1;
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    button.removeAttribute('aria-controls');
    body.replaceChildren();
    // Later, not now: the closing may come from the list's own click handler. Its holder is
    // already out of the page, so a new opening meets none of it.
    const unmount = unmountList;
    unmountList = undefined;
    if (unmount) setTimeout(unmount);
    document.removeEventListener('pointerdown', onPointerDown, true);
    document.removeEventListener('keydown', onKeyDown);
    for (const type of ROUTE_EVENTS) window.removeEventListener(type, close);
    document.removeEventListener('astro:before-swap', close);
  };

  const show = (): void => {
    open = true;
    const mine = opening;
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    button.setAttribute('aria-controls', panel.id);
    body.replaceChildren(paragraph('bell-panel-loading', LOADING_TEXT));
    panel.focus();
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    for (const type of ROUTE_EVENTS) window.addEventListener(type, close);
    document.addEventListener('astro:before-swap', close);
    importList().then(
      (mountBellList) => {
        if (mine !== opening) return;
        const holder = document.createElement('div');
        body.replaceChildren(holder);
        unmountList = mountBellList(holder, { label: NOTIFICATION_BOX_TITLE, onFollow: close });
      },
      () => {
        if (mine === opening) body.replaceChildren(listUnavailable());
      },
    );
  };

  link.addEventListener('click', dismissNotificationDot);
  button.addEventListener('pointerenter', () => void importList().catch(() => undefined));
  button.addEventListener('focus', () => void importList().catch(() => undefined));
  button.addEventListener('click', () => {
    dismissNotificationDot();
    if (open) close();
    else show();
  });
  // Tabbing past the dropdown's last item (or back before the bell) closes it.
  root.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !root.contains(next)) close();
  });
  // A phone-sized window has no dropdown.
  desktop.addEventListener('change', () => {
    if (!desktop.matches) close();
  });
  root.dataset['ready'] = '';
}
