import { and, eq, or } from 'drizzle-orm';
import type { PushMessage, PushSender, PushTarget } from '../../adapters/push/index.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';

export interface PushDelivery {
  target: PushTarget;
  message: PushMessage;
}

export interface PushResult {
  sent: number;
  gone: number;
  failed: number;
}

// Pushes go to several push services at once, but not hundreds at a time from one instance.
const CONCURRENCY = 8;

/**
 * Sends each push; subscriptions the push service reports gone (404/410) are deleted afterwards in
 * one statement, unless the browser subscribed again meanwhile (same endpoint, new keys).
 * A push that fails otherwise is logged and left: the next event or reminder tries again.
 */
export async function deliverPushes(db: Db, sender: PushSender, deliveries: readonly PushDelivery[], log: Pick<Logger, 'warn'>): Promise<PushResult> {
  const result: PushResult = { sent: 0, gone: 0, failed: 0 };
  const gone = new Map<string, PushTarget>();
  let next = 0;
  const worker = async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++]!;
      try {
        const outcome = await sender.send(delivery.target, delivery.message);
        if (outcome === 'gone') gone.set(delivery.target.endpoint, delivery.target);
        else result.sent += 1;
      } catch (error) {
        result.failed += 1;
        log.warn({ err: error, endpoint: new URL(delivery.target.endpoint).origin }, 'a push could not be sent');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
  if (gone.size > 0) {
    await db
      .delete(pushSubscriptions)
      .where(or(...[...gone.values()].map((target) => and(eq(pushSubscriptions.endpoint, target.endpoint), eq(pushSubscriptions.p256dh, target.p256dh)))));
    result.gone = gone.size;
  }
  return result;
}
