import type { Mailer } from '../adapters/mail/index.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { sendWeeklyLetters } from '../modules/weekly-letter/delivery.ts';
import type { Job } from './scheduler.ts';

export function weeklyLetterJob(db: Db, mailer: Mailer, site: { appUrl: string; appKey: string }, logger: Logger, everyMs: number): Job {
  return {
    name: 'weekly-letter',
    everyMs,
    async run(signal) {
      const run = await sendWeeklyLetters(db, mailer, { ...site, signal, log: logger });
      if (run.claimed > 0) logger.info({ job: 'weekly-letter', ...run }, 'sent weekly letters');
      return run.claimed;
    },
  };
}
