/**
 * What the service worker does with a push (API-CONVENTIONS.md, "Reminders and push"): shows the
 * notification the server sent ({title, body, url, tag}: a reminder or what happened in a room),
 * and on a tap brings this site's open tab to its page, or opens one. Kept apart from sw.ts so the
 * worker only has to call `listenForPushes(self)`.
 */

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

// The worker's globals this file uses, written out: the project's type check sees the page's
// globals (DOM), the worker's own tsconfig the worker's, and both must accept this file.
interface WaitingEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends WaitingEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickLike extends WaitingEvent {
  notification: { close(): void; data: unknown };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
export interface PushWorkerScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}

const FALLBACK: PushPayload = { title: '리추얼', body: '새 알림이 있어요.', url: '/notification', tag: 'notification' };
const ICON = '/icons/icon-192.png';

/** The payload as sent; anything else (an empty push, a foreign shape) shows the fallback. */
function payloadOf(event: PushEventLike): PushPayload {
  try {
    const data: unknown = event.data?.json();
    if (data && typeof data === 'object') {
      const { title, body, url, tag } = data as Record<string, unknown>;
      if (typeof title === 'string' && typeof body === 'string') {
        return { title, body, url: typeof url === 'string' ? url : FALLBACK.url, tag: typeof tag === 'string' ? tag : FALLBACK.tag };
      }
    }
  } catch {
    // Not JSON: the fallback still tells the member something arrived.
  }
  return FALLBACK;
}

/** A path of this site only: a payload can never send the member elsewhere. */
function sameOriginUrl(url: unknown, origin: string): string {
  try {
    const resolved = new URL(typeof url === 'string' ? url : FALLBACK.url, origin);
    return resolved.origin === origin ? resolved.href : new URL(FALLBACK.url, origin).href;
  } catch {
    return new URL(FALLBACK.url, origin).href;
  }
}

export function listenForPushes(worker: PushWorkerScope): void {
  worker.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    // Every push must show a notification (browsers penalise silent ones), so the promise is awaited.
    event.waitUntil(
      worker.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: ICON,
        badge: ICON,
        lang: 'ko',
        data: { url: payload.url },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url, worker.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
        if (open) {
          await open.focus();
          await open.navigate(target);
          return;
        }
        await worker.clients.openWindow(target);
      })(),
    );
  });
}
