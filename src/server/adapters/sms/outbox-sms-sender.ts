import { readOutboxEntries, writeOutboxEntry } from '../outbox/json-outbox.ts';
import type { SmsCodeMessage, SmsSender } from './sms-sender.ts';

/** A code as the outbox stores it: one JSON file per message. */
export interface SmsOutboxMessage {
  phone: string;
  country_code: string;
  code: string;
  sent_at: string;
}

/** Development and tests: each code becomes a file that a person or a test can read. */
export function createOutboxSmsSender(dir: string, now: () => Date = () => new Date()): SmsSender {
  return {
    async sendCode(message: SmsCodeMessage): Promise<void> {
      const sentAt = now();
      const stored: SmsOutboxMessage = {
        phone: message.phone,
        country_code: message.countryCode,
        code: message.code,
        sent_at: sentAt.toISOString(),
      };
      await writeOutboxEntry(dir, stored, sentAt);
    },
  };
}

/** The codes in an outbox, newest first. */
export async function readSmsOutbox(dir: string, filter: { phone?: string } = {}): Promise<SmsOutboxMessage[]> {
  const messages = await readOutboxEntries<SmsOutboxMessage>(dir);
  return filter.phone === undefined ? messages : messages.filter((message) => message.phone === filter.phone);
}
