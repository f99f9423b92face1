import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The notifications a request stored, so they can be pushed once its answer is made. The
 * notification events run inside the transactions of the actions they report, with only the
 * transaction at hand; rather than hand a push sender through every service that emits one, each
 * request carries this list and the events add what they insert to it. Rows of a transaction that
 * rolled back are in the list too: the push reads them again after the request and finds none.
 */
const stored = new AsyncLocalStorage<number[]>();

/** Runs `work` (the rest of a request) collecting the ids of the notifications it stores. */
export function collectStoredNotifications<T>(ids: number[], work: () => Promise<T>): Promise<T> {
  return stored.run(ids, work);
}

/** Called where notifications are inserted; outside a request (a job, the seed) nothing is collected. */
export function noteStoredNotifications(ids: readonly number[]): void {
  stored.getStore()?.push(...ids);
}
