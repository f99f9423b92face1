import { atom, map } from 'nanostores';
import { sendCheckIn } from '../lib/api/today.ts';
import type { TodayRoom } from '../lib/api/today.ts';
import { toApiError } from '../lib/api-errors.ts';
import type { CheckInBody, QueuedCheckIn } from '../lib/offline-outbox.ts';
import { askForBackgroundSync } from '../lib/background-sync.ts';
import { afterNextPaint } from '../lib/next-paint.ts';
import { busyWithSameKey, markEmpty, mayHoldQueued, worthRetrying } from '../lib/outbox-policy.ts';

export type { TodayRoom } from '../lib/api/today.ts';

/** `queued`: tapped without a connection, kept in the browser, sent when it returns (전송 대기 중). */
export type CheckInState = 'open' | 'sending' | 'queued' | 'done';

/** `created`/`repeat`: how the server answered this visit's tap; `error`: why it was refused, for the island to word. */
export interface RoomCheckIn {
  state: CheckInState;
  answer?: 'created' | 'repeat';
  error?: unknown;
}

export const $todayRooms = atom<TodayRoom[]>([]);
export const $checkIns = map<Record<string, RoomCheckIn>>({});
/** Records written offline that this browser still holds, by room (전송 대기 중). */
export const $queuedRecords = map<Record<string, number>>({});

let member: number | null = null;
let flushing: Promise<boolean> | null = null;

// On reconnect the page and the service worker's Background Sync may send the same entry at once;
// the second meets 409 while the first is written. Its answer is then stored under the key, so the
// page asks again shortly instead of showing 전송 대기 중 until the next reconnect.
const BUSY_RETRY_MS = 2_000;
const BUSY_RETRIES = 3;

// The outbox and IndexedDB load only when something is, or may be, queued: most mornings nothing
// is, and a check-in sent at once never needs them. Offline, the service worker's precache has them.
const outbox = () => import('../lib/offline-outbox.ts');
const recordOutbox = () => import('./record-outbox.ts');

const setCheckIn = (roomId: number, state: CheckInState, detail: Omit<RoomCheckIn, 'state'> = {}): void =>
  $checkIns.setKey(String(roomId), { state, ...detail });

/** Resolves true when the entry stays queued because another sender had it under way (409). */
async function deliver(entry: QueuedCheckIn, queued: boolean): Promise<boolean> {
  try {
    const answer = await sendCheckIn(entry.roomId, entry.body, entry.key);
    if (queued) await (await outbox()).forgetCheckIn(entry.key);
    setCheckIn(entry.roomId, 'done', { answer: answer.created ? 'created' : 'repeat' });
    return false;
  } catch (error) {
    if (worthRetrying(error)) {
      if (!queued) {
        await (await outbox()).queueCheckIn(entry);
        askForBackgroundSync();
      }
      setCheckIn(entry.roomId, 'queued');
      return busyWithSameKey(error);
    }
    // Refused for good (the room ended, six hours passed): kept, it would be refused forever.
    if (queued) await (await outbox()).forgetCheckIn(entry.key);
    setCheckIn(entry.roomId, 'open', { error });
    return false;
  }
}

/** Sends what this member queued offline, oldest first; one pass at a time. Resolves whether an entry met another sender. */
function flushQueuedCheckIns(): Promise<boolean> {
  if (member === null) return Promise.resolve(false);
  const userId = member;
  flushing ??= (async () => {
    const entries = (await (await outbox()).queuedCheckIns(userId)).sort((a, b) => a.body.checked_in_at.localeCompare(b.body.checked_in_at));
    let busy = false;
    for (const entry of entries) busy = (await deliver(entry, true)) || busy;
    return busy;
  })()
    .catch(() => false)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/** Shows how many records this browser still holds for each room; resolves whether it holds any. */
async function showQueuedRecords(userId: number): Promise<boolean> {
  const counts = await (await recordOutbox()).queuedRecordCounts(userId);
  for (const room of $todayRooms.get()) $queuedRecords.setKey(String(room.ritual_session_id), counts.get(room.ritual_session_id) ?? 0);
  return counts.size > 0;
}

/** Sends what this member's browser holds, then shows what is left; the mark goes once nothing is. */
async function flushAll(userId: number, busyRetry = 0): Promise<void> {
  const checkInsBusy = await flushQueuedCheckIns();
  const records = await (await recordOutbox()).flushQueuedRecords(userId);
  const busy = checkInsBusy || records.some((outcome) => 'busy' in outcome && outcome.busy);
  const checkInsLeft = (await (await outbox()).queuedCheckIns(userId)).length > 0;
  const recordsLeft = await showQueuedRecords(userId);
  if (!checkInsLeft && !recordsLeft) markEmpty(userId);
  if ((checkInsLeft || recordsLeft) && busy && busyRetry < BUSY_RETRIES) {
    setTimeout(() => void flushAll(userId, busyRetry + 1).catch(() => undefined), BUSY_RETRY_MS);
  }
}

/** What an earlier visit kept offline: shown as queued, and sent when there is a connection. */
async function resumeQueued(userId: number): Promise<void> {
  for (const entry of await (await outbox()).queuedCheckIns(userId)) setCheckIn(entry.roomId, 'queued');
  await showQueuedRecords(userId);
  if (navigator.onLine) await flushAll(userId);
}

/** The page's rooms and the member they belong to; what this browser still holds is shown as queued and sent. */
export function startToday(userId: number, rooms: TodayRoom[]): () => void {
  member = userId;
  $todayRooms.set(rooms);
  for (const room of rooms) setCheckIn(room.ritual_session_id, room.checked_in_today ? 'done' : 'open');
  if (mayHoldQueued(userId)) void resumeQueued(userId).catch(() => undefined);
  const online = (): void => {
    if (mayHoldQueued(userId)) void flushAll(userId).catch(() => undefined);
  };
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
}

/** One tap: sent now, or kept for later when there is no connection; a repeat never writes twice. */
export async function checkInToday(roomId: number, input: Omit<CheckInBody, 'checked_in_at'>): Promise<void> {
  if (member === null || $checkIns.get()[String(roomId)]?.state === 'sending') return;
  const entry: QueuedCheckIn = {
    key: crypto.randomUUID(),
    userId: member,
    roomId,
    body: { ...input, checked_in_at: new Date().toISOString() },
  };
  setCheckIn(roomId, 'sending');
  // 체크인하는 중… is painted before the request is built (decisions 034, 038): on a slow phone that
  // costs tens of milliseconds the tap would otherwise wait through.
  await afterNextPaint();
  if (!navigator.onLine) {
    try {
      await (await outbox()).queueCheckIn(entry);
      askForBackgroundSync();
      setCheckIn(roomId, 'queued');
    } catch (error) {
      // No IndexedDB (a private window in some browsers), or the outbox's script never reached this
      // browser (no service worker yet): nothing can be kept, so the tap waits for a connection.
      setCheckIn(roomId, 'open', { error: toApiError(error) });
    }
    return;
  }
  await deliver(entry, false).catch((error: unknown) => setCheckIn(roomId, 'open', { error }));
}
