import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { sendDueReminders } from '../modules/reminders/delivery.ts';
import type { ReminderSenders } from '../modules/reminders/delivery.ts';
import type { Job } from './scheduler.ts';

// Twice a minute: a reminder must go out within 2 minutes of its time, so each one meets at least
// three runs even when one is slow; a run with nothing due is one indexed query.
const EVERY_MS = 30_000;

export function reminderJob(db: Db, senders: ReminderSenders, appUrl: string, logger: Logger): Job {
  return {
    name: 'reminders',
    everyMs: EVERY_MS,
    async run() {
      const run = await sendDueReminders(db, senders, { appUrl, log: logger });
      if (run.claimed > 0) logger.info({ job: 'reminders', ...run }, 'sent reminders');
      return run.claimed;
    },
  };
}
