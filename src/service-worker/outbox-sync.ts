/**
 * Background Sync: what the page kept offline (src/lib/offline-outbox.ts) is sent by the worker
 * when the browser says the connection is back, even with every page closed. Only the signed-in
 * account's own entries go, each with its Idempotency-Key, so the page sending the same entry at
 * the same moment writes nothing twice.
 */
import { multipart } from '../lib/api/body.ts';
import { forgetCheckIn, forgetRecord, queuedCheckIns, queuedRecords } from '../lib/offline-outbox.ts';
import { OUTBOX_SYNC_TAG, retryLater } from '../lib/outbox-policy.ts';

// Written with what the page's and the worker's type libraries both know (see sw.ts).
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil: (work: Promise<unknown>) => void;
}

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

async function readJson<T>(path: string): Promise<T | null> {
  const answer = await fetch(path, { headers: JSON_HEADERS, credentials: 'same-origin' });
  return answer.ok ? ((await answer.json()) as T) : null;
}

/** Sends one entry; true when it is done with (sent, or refused for good), false to try again later. */
async function sent(path: string, body: BodyInit, key: string, token: string, json: boolean): Promise<boolean> {
  const headers: Record<string, string> = { ...JSON_HEADERS, 'X-XSRF-TOKEN': token, 'Idempotency-Key': key };
  if (json) headers['Content-Type'] = 'application/json';
  const answer = await fetch(path, { method: 'POST', headers, body, credentials: 'same-origin' });
  return !retryLater(answer.status);
}

/** Throws while something is left, so the browser schedules another try. */
export async function sendOutbox(): Promise<void> {
  const me = await readJson<{ data: { id: number } }>('/api/me');
  // Signed out: the entries wait for their account to sign in again on this browser.
  if (!me) return;
  const token = (await readJson<{ csrf_token: string }>('/csrf-token'))?.csrf_token;
  if (!token) throw new Error('no request-forgery token');
  let left = 0;
  for (const entry of await queuedCheckIns(me.data.id)) {
    if (await sent(`/api/ritual-sessions/${entry.roomId}/check-in`, JSON.stringify(entry.body), entry.key, token, true)) await forgetCheckIn(entry.key);
    else left += 1;
  }
  for (const entry of await queuedRecords(me.data.id)) {
    if (await sent(`/api/ritual-sessions/${entry.roomId}/posts`, multipart({ ...entry.draft }), entry.key, token, false)) await forgetRecord(entry.key);
    else left += 1;
  }
  if (left > 0) throw new Error(`${left} kept for a later try`);
}

export function listenForOutboxSync(worker: Pick<EventTarget, 'addEventListener'>): void {
  worker.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
  });
}
