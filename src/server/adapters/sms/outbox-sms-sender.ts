import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsCodeMessage, SmsSender } from './sms-sender.ts';

/** A code as the outbox stores it: one JSON file per message. */
export interface SmsOutboxMessage {
  phone: string;
  country_code: string;
  code: string;
  sent_at: string;
}

// As in the mail outbox: microseconds, padded so that names sort by time as text does, and
// increasing even for two messages in the same millisecond.
let lastStamp = 0;
function stamp(date: Date): string {
  lastStamp = Math.max(date.getTime() * 1000, lastStamp + 1);
  return String(lastStamp).padStart(17, '0');
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
      await mkdir(dir, { recursive: true });
      const name = `${stamp(sentAt)}-${randomBytes(6).toString('hex')}.json`;
      await writeFile(join(dir, name), `${JSON.stringify(stored, null, 2)}\n`, 'utf8');
    },
  };
}

/** The codes in an outbox, newest first; a missing directory is an empty outbox. */
export async function readSmsOutbox(dir: string, filter: { phone?: string } = {}): Promise<SmsOutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort().reverse();
  const messages = await Promise.all(
    files.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as SmsOutboxMessage),
  );
  return filter.phone === undefined ? messages : messages.filter((message) => message.phone === filter.phone);
}
