import { readOutboxEntries, writeOutboxEntry } from '../outbox/json-outbox.ts';
import type { KakaoMessage, KakaoSender } from './kakao-sender.ts';

/** A 알림톡 as the outbox stores it: one JSON file per message. */
export interface KakaoOutboxMessage {
  phone: string;
  template_code: string;
  variables: Record<string, string>;
  sent_at: string;
}

/** Development and tests: each 알림톡 becomes a file that a person or a test can read. */
export function createOutboxKakaoSender(dir: string, now: () => Date = () => new Date()): KakaoSender {
  return {
    async send(message: KakaoMessage): Promise<void> {
      const sentAt = now();
      const stored: KakaoOutboxMessage = {
        phone: message.phone,
        template_code: message.templateCode,
        variables: message.variables,
        sent_at: sentAt.toISOString(),
      };
      await writeOutboxEntry(dir, stored, sentAt);
    },
  };
}

/** The messages in an outbox, newest first. */
export async function readKakaoOutbox(dir: string, filter: { phone?: string } = {}): Promise<KakaoOutboxMessage[]> {
  const messages = await readOutboxEntries<KakaoOutboxMessage>(dir);
  return filter.phone === undefined ? messages : messages.filter((message) => message.phone === filter.phone);
}
