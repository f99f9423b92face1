import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, Mailer } from './mailer.ts';

/** A message as the outbox stores it: one JSON file per message. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sent_at: string;
}

// Microseconds, padded to a fixed width so that names sort by time as text does. Two messages
// sent in the same millisecond (a test that sends and at once sends again) still get increasing
// names, so "newest first" never depends on the random part.
let lastStamp = 0;
function stamp(date: Date): string {
  lastStamp = Math.max(date.getTime() * 1000, lastStamp + 1);
  return String(lastStamp).padStart(17, '0');
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
        sent_at: sentAt.toISOString(),
      };
      await mkdir(dir, { recursive: true });
      const name = `${stamp(sentAt)}-${randomBytes(6).toString('hex')}.json`;
      await writeFile(join(dir, name), `${JSON.stringify(stored, null, 2)}\n`, 'utf8');
    },
  };
}

/** The messages in an outbox, newest first; a missing directory is an empty outbox. */
export async function readOutbox(dir: string, filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort().reverse();
  const messages = await Promise.all(
    files.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMessage),
  );
  // Addresses are compared without case, as mail servers treat them.
  const to = filter.to?.toLowerCase();
  return to === undefined ? messages : messages.filter((message) => message.to.toLowerCase() === to);
}
