import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { sendDueReminders } from '../modules/reminders/delivery.ts';
import type { ReminderSenders } from '../modules/reminders/delivery.ts';
import type { Job } from './scheduler.ts';

export function reminderJob(db: Db, senders: ReminderSenders, appUrl: string, logger: Logger, everyMs: number): Job {
  return {
    name: 'reminders',
    everyMs,
    async run() {
      const run = await sendDueReminders(db, senders, { appUrl, log: logger });
      if (run.claimed > 0) logger.info({ job: 'reminders', ...run }, 'sent reminders');
      return run.claimed;
    },
  };
}
