import { OUTBOX_SYNC_TAG } from './outbox-policy.ts';

interface SyncingRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the connection returns, so that what was kept
 * offline is sent even if this page is closed by then (Background Sync: Chromium has it; elsewhere
 * the page sends it on reconnect or on the next open).
 */
export function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncingRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}
