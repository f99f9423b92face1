import type { Counter } from 'prom-client';
import type { Mailer } from './mailer.ts';

/** Counts what `mailer` sent and what it failed to send; a failure still reaches the caller. */
export function countedMailer(mailer: Mailer, mails: Counter<'outcome'>): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        mails.inc({ outcome: 'failed' });
        throw error;
      }
      mails.inc({ outcome: 'sent' });
    },
  };
}
