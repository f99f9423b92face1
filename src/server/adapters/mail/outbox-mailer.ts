import { readOutboxEntries, writeOutboxEntry } from '../outbox/json-outbox.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** A message as the outbox stores it: one JSON file per message. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Only on a message that carries headers of its own. */
  headers?: Record<string, string>;
  sent_at: string;
}

/** Development and tests: each message becomes a file that a person or a test can read. */
export function createOutboxMailer(dir: string, now: () => Date = () => new Date()): Mailer {
  return {
    async send(message: MailMessage): Promise<void> {
      const sentAt = now();
      const stored: OutboxMessage = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: message.links ?? [],
        ...(message.headers ? { headers: message.headers } : {}),
        sent_at: sentAt.toISOString(),
      };
      await writeOutboxEntry(dir, stored, sentAt);
    },
  };
}

/** The messages in an outbox, newest first. */
export async function readOutbox(dir: string, filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  const messages = await readOutboxEntries<OutboxMessage>(dir);
  // Addresses are compared without case, as mail servers treat them.
  const to = filter.to?.toLowerCase();
  return to === undefined ? messages : messages.filter((message) => message.to.toLowerCase() === to);
}
