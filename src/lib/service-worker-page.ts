/**
 * The page's side of the service worker: forgetting a previous account's caches, and noticing a
 * new worker that waits to take over. Written against the few members of the browser's objects it
 * uses, so the unit tests can hand it their own.
 */
import { ACCOUNT_KEY, accountChanged, memberCaches } from './service-worker.ts';

type CacheNames = Pick<CacheStorage, 'keys' | 'delete'>;
type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's caches, where it has them (only on https and localhost). */
const browserCaches = (): CacheNames | null => (typeof caches === 'undefined' ? null : caches);

/** Empties every cache that could hold a member's data (service-worker.ts, memberCaches). */
export async function clearMemberCaches(storage: CacheNames | null = browserCaches()): Promise<string[]> {
  if (!storage) return [];
  const names = memberCaches(await storage.keys());
  await Promise.all(names.map((name) => storage.delete(name)));
  return names;
}

/**
 * Called on each page with the account it shows (`''` for a guest): when that is not the account
 * of the last page, the caches are cleared before anything else reads them. Sign-out clears them
 * itself; this also covers a session that ended on its own, or another account signing in.
 */
export async function forgetOtherAccount(account: string, store: KeyValue, storage: CacheNames | null = browserCaches()): Promise<boolean> {
  const changed = accountChanged(store.getItem(ACCOUNT_KEY), account);
  if (changed) await clearMemberCaches(storage);
  store.setItem(ACCOUNT_KEY, account);
  return changed;
}

interface WorkerLike extends EventTarget {
  readonly state: string;
}

interface RegistrationLike<W extends WorkerLike> extends EventTarget {
  readonly waiting: W | null;
  readonly installing: W | null;
}

/**
 * Calls `onWaiting` once a new worker has installed and waits behind the one that controls this
 * page, whether it was already waiting or arrives while the page is open. The very first worker
 * controls nothing yet and takes the page at once, so it is no update to offer.
 */
export function whenUpdateWaits<W extends WorkerLike>(registration: RegistrationLike<W>, controlled: () => boolean, onWaiting: (worker: W) => void): void {
  if (registration.waiting && controlled()) {
    onWaiting(registration.waiting);
    return;
  }
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    const onState = (): void => {
      if (worker.state !== 'installed') return;
      worker.removeEventListener('statechange', onState);
      if (controlled()) onWaiting(worker);
    };
    worker.addEventListener('statechange', onState);
  });
}
