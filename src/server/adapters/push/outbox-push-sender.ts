import { readOutboxEntries, writeOutboxEntry } from '../outbox/json-outbox.ts';
import type { PushMessage, PushSender, PushTarget } from './push-sender.ts';

/** A push as the outbox stores it: one JSON file per push, per subscription. */
export interface PushOutboxMessage {
  endpoint: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  sent_at: string;
}

/**
 * Development and tests: each push becomes a file instead of a request to the browser's push
 * service. The public key is still a real one, so a browser can subscribe in development.
 */
export function createOutboxPushSender(dir: string, publicKey: string, now: () => Date = () => new Date()): PushSender {
  return {
    publicKey,
    async send(target: PushTarget, message: PushMessage) {
      const sentAt = now();
      const stored: PushOutboxMessage = { endpoint: target.endpoint, ...message, sent_at: sentAt.toISOString() };
      await writeOutboxEntry(dir, stored, sentAt);
      return 'sent';
    },
  };
}

/** The pushes in an outbox, newest first. */
export async function readPushOutbox(dir: string, filter: { endpoint?: string } = {}): Promise<PushOutboxMessage[]> {
  const messages = await readOutboxEntries<PushOutboxMessage>(dir);
  return filter.endpoint === undefined ? messages : messages.filter((message) => message.endpoint === filter.endpoint);
}
