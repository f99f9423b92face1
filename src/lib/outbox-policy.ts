import { NETWORK_ERROR_STATUS, isApiError } from './api-errors.ts';

/**
 * What the offline outbox (src/lib/offline-outbox.ts) decides without opening its database, so
 * that a page can hold its script and IndexedDB back until something is, or may be, queued.
 */

/** The Background Sync tag under which the worker sends what the page could not. */
export const OUTBOX_SYNC_TAG = 'ritual-outbox';

/** The server is still writing a copy sent under the same key (the worker and the page sent it at once). */
const BUSY_WITH_SAME_KEY = 409;

// Not now: busy with the same key, signed out for the moment (kept for when they sign in again), too many.
const LATER_STATUSES = new Set([NETWORK_ERROR_STATUS, 401, BUSY_WITH_SAME_KEY, 429]);

/** No answer at all, or one that says "not now" or a server fault: kept for the next try. */
export const retryLater = (status: number): boolean => LATER_STATUSES.has(status) || status >= 500;

export const worthRetrying = (error: unknown): boolean => !isApiError(error) || retryLater(error.status);

/** Kept because another sender had the same entry under way: its answer is stored under the key within moments. */
export const busyWithSameKey = (error: unknown): boolean => isApiError(error) && error.status === BUSY_WITH_SAME_KEY;

// A mark per account in this browser, set whenever something is queued. The worker, which has no
// localStorage, may send the queue and leave the mark: the page then finds it empty and clears it.
const markKey = (userId: number): string => `ritual-outbox:${userId}`;

interface MarkStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// Read off globalThis: this module is also built into the worker, which has no localStorage.
const pageStorage = (): MarkStorage | undefined => (globalThis as { localStorage?: MarkStorage }).localStorage;

export function markQueued(userId: number): void {
  try {
    pageStorage()?.setItem(markKey(userId), '1');
  } catch {
    // Storage refused (full, or a private window): mayHoldQueued then answers true anyway.
  }
}

/** False only when this browser surely holds nothing of this member's. */
export function mayHoldQueued(userId: number): boolean {
  try {
    const storage = pageStorage();
    return storage === undefined || storage.getItem(markKey(userId)) !== null;
  } catch {
    return true;
  }
}

export function markEmpty(userId: number): void {
  try {
    pageStorage()?.removeItem(markKey(userId));
  } catch {
    // Nothing to do: the mark only costs a look into an empty queue on the next visit.
  }
}
