import { sendNewRoomPost } from '../lib/api/rooms.ts';
import { askForBackgroundSync } from '../lib/background-sync.ts';
import { forgetRecord, queueRecord, queuedRecords } from '../lib/offline-outbox.ts';
import { busyWithSameKey, worthRetrying } from '../lib/outbox-policy.ts';
import type { QueuedRecord } from '../lib/offline-outbox.ts';

/** `busy`: kept because another sender (the service worker) had the same record under way. */
export type RecordDelivery = { sent: { key: string; roomId: number; postId: number } } | { queued: true; busy: boolean } | { refused: unknown };

/** Sends one record; a queued one leaves the queue once the server has answered it for good. */
export async function deliverRecord(entry: QueuedRecord, queued: boolean): Promise<RecordDelivery> {
  try {
    const post = await sendNewRoomPost(entry.roomId, entry.draft, entry.key);
    if (queued) await forgetRecord(entry.key);
    return { sent: { key: entry.key, roomId: entry.roomId, postId: post.id } };
  } catch (error) {
    if (worthRetrying(error)) {
      if (!queued) {
        await queueRecord(entry);
        askForBackgroundSync();
      }
      return { queued: true, busy: busyWithSameKey(error) };
    }
    // Refused for good (the room closed, the member may no longer write): it would only be refused again.
    if (queued) await forgetRecord(entry.key);
    return { refused: error };
  }
}

let flushing: Promise<RecordDelivery[]> | null = null;

/** Sends what this member's browser holds, oldest first; one pass at a time. */
export function flushQueuedRecords(userId: number): Promise<RecordDelivery[]> {
  flushing ??= (async () => {
    const entries = (await queuedRecords(userId)).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    const outcomes: RecordDelivery[] = [];
    for (const entry of entries) outcomes.push(await deliverRecord(entry, true));
    return outcomes;
  })()
    .catch(() => [])
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/** How many records this member's browser still holds for each room (전송 대기 중). */
export async function queuedRecordCounts(userId: number): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const entry of await queuedRecords(userId)) counts.set(entry.roomId, (counts.get(entry.roomId) ?? 0) + 1);
  return counts;
}
