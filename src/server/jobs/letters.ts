import type { Mailer } from '../adapters/mail/index.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { deliverDueLetters } from '../modules/letters/delivery.ts';
import type { Job } from './scheduler.ts';

// A letter arrives within a minute of its session's end; a run with nothing due is one indexed query.
const EVERY_MS = 60_000;

export function letterDeliveryJob(db: Db, mailer: Mailer, appUrl: string, logger: Logger): Job {
  return {
    name: 'letters',
    everyMs: EVERY_MS,
    async run(signal) {
      const result = await deliverDueLetters(db, mailer, {
        appUrl,
        signal,
        log: logger,
      });
      if (result.delivered > 0) logger.info({ job: 'letters', ...result }, 'delivered letters to myself');
      return result.delivered;
    },
  };
}
