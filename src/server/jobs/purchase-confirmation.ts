import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { confirmDeliveredPurchases } from '../modules/orders/purchase-confirmation.ts';
import type { Job } from './scheduler.ts';

// A week after delivery is a day's matter: ten minutes late is on time, and a run with nothing
// due is one query on the partial index of delivered orders.
const EVERY_MS = 10 * 60_000;

/** 구매 확정 of the orders delivered a week ago whose members have not confirmed them. */
export function purchaseConfirmationJob(db: Db, logger: Logger): Job {
  return {
    name: 'purchase-confirmation',
    everyMs: EVERY_MS,
    async run(signal) {
      const confirmed = await confirmDeliveredPurchases(db, { signal });
      if (confirmed > 0) logger.info({ job: 'purchase-confirmation', confirmed }, 'confirmed the purchases delivered a week ago');
      return confirmed;
    },
  };
}
