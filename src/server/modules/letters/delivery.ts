import { inArray, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { notifications, ritualSessionLetters } from '../../db/schema/index.ts';
import type { NewNotification } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { letterPage } from '../../../lib/letters.ts';
import { letterMail } from './mail.ts';

export interface DeliveryOptions {
  /** The site's address, for the link in the e-mail. */
  appUrl: string;
  now?: Date;
  batchSize?: number;
  signal?: AbortSignal;
  log?: Pick<Logger, 'error'>;
}

export interface Delivered {
  delivered: number;
  mailed: number;
  mailFailed: number;
}

interface ClaimedLetter {
  id: number;
  user_id: number;
  ritual_session_id: number;
  content: string;
  session_title: string;
  email: string;
  nickname: string;
  deleted: boolean;
}

const BATCH_SIZE = 50;

/**
 * Claims a batch of letters whose session is over and delivers them in one transaction: the
 * notification is written and `delivered_at` set together, so a letter is notified exactly once
 * whichever instance claims it (SKIP LOCKED) and however often the job runs.
 */
async function deliverBatch(db: Db, now: Date, limit: number): Promise<ClaimedLetter[]> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const claimed = await queryRows<ClaimedLetter>(
      txDb,
      sql`select l.id, l.user_id, l.ritual_session_id, l.content, s.title as session_title, u.email, u.nickname,
          u.deleted_at is not null as deleted
        from ritual_session_letters l
        join ritual_sessions s on s.id = l.ritual_session_id
        join users u on u.id = l.user_id
        where l.delivered_at is null and s.ends_at <= ${now.toISOString()}::timestamptz
        order by l.id
        limit ${limit}
        for update of l skip locked`,
    );
    if (claimed.length === 0) return [];
    const rows: NewNotification[] = claimed
      .filter((letter) => !letter.deleted)
      .map((letter) => ({
        userId: letter.user_id,
        type: 'letter' as const,
        actorId: null,
        sourceType: 'letter' as const,
        sourceId: letter.id,
        data: {
          title: letter.session_title,
          link: letterPage(letter.ritual_session_id),
          target: 'post' as const,
          reaction_type: null,
          ritual_session_id: letter.ritual_session_id,
          ritual_session_thread_id: null,
          square_post_category_slug: null,
          id: null,
        },
        createdAt: now,
      }));
    if (rows.length > 0) await txDb.insert(notifications).values(rows);
    await txDb
      .update(ritualSessionLetters)
      .set({ deliveredAt: now })
      .where(
        inArray(
          ritualSessionLetters.id,
          claimed.map((letter) => letter.id),
        ),
      );
    return claimed;
  });
}

/**
 * Delivers every letter whose session has ended, a batch at a time. The e-mail of a batch goes
 * after its transaction commits (docs/decisions/009-letter-delivery.md): a letter is never mailed
 * twice, and one whose mail fails is still in the room and in the member's notifications.
 */
export async function deliverDueLetters(db: Db, mailer: Mailer, options: DeliveryOptions): Promise<Delivered> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const result: Delivered = { delivered: 0, mailed: 0, mailFailed: 0 };
  while (!options.signal?.aborted) {
    const batch = await deliverBatch(db, now, batchSize);
    result.delivered += batch.length;
    for (const letter of batch) {
      if (letter.deleted) continue;
      const url = new URL(letterPage(letter.ritual_session_id), options.appUrl).toString();
      try {
        await mailer.send(letterMail(letter.email, letter.nickname, letter.session_title, letter.content, url));
        result.mailed += 1;
      } catch (error) {
        result.mailFailed += 1;
        options.log?.error({ err: error, letterId: letter.id }, 'the letter was delivered, but its e-mail could not be sent');
      }
    }
    // A short batch: nothing is left, or another instance holds the rest and delivers it.
    if (batch.length < batchSize) break;
  }
  return result;
}
