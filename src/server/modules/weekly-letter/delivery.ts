import { sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { checkInsOf, isEmptyLetter, letterContents, repliesOf, roomRecordsOf } from './content.ts';
import { weeklyLetterMail } from './mail.ts';
import { unsubscribeUrl } from './unsubscribe.ts';
import { letterWeek } from './week.ts';
import type { LetterWeek } from './week.ts';

const BATCH_SIZE = 200;

interface DueMember {
  user_id: number;
  /** Whether this run's insert made the row: only then does it send. */
  claimed: boolean;
  email: string;
  nickname: string;
}

/**
 * One batch of the members due a letter, after `afterId` in id order: opted in, verified, not
 * deleted, no letter yet this week, and something to tell. The insert into weekly_letter_deliveries
 * is the claim: ON CONFLICT DO NOTHING leaves out a member another instance claimed first (on
 * PostgreSQL the second insert waits for the first to commit), so each letter goes once.
 */
async function claimBatch(db: Db, week: LetterWeek, afterId: number, limit: number): Promise<DueMember[]> {
  const member = sql`= u.id`;
  return queryRows<DueMember>(
    db,
    sql`with due as (
        select u.id as user_id
        from notification_settings ns
        join users u on u.id = ns.user_id and u.deleted_at is null and u.email_verified_at is not null
        where ns.email_digest and ns.user_id > ${afterId}
          and not exists (select 1 from weekly_letter_deliveries d where d.user_id = u.id and d.week = ${week.week}::date)
          and (exists (select 1 ${checkInsOf(member, week)})
            or exists (select 1 ${repliesOf(member, week)})
            or exists (select 1 ${roomRecordsOf(member, week)}))
        order by ns.user_id
        limit ${limit}
      ), claimed as (
        insert into weekly_letter_deliveries (user_id, week)
        select user_id, ${week.week}::date from due
        on conflict do nothing
        returning user_id
      )
      select due.user_id, claimed.user_id is not null as claimed, u.email, u.nickname
      from due
      join users u on u.id = due.user_id
      left join claimed on claimed.user_id = due.user_id
      order by due.user_id`,
  );
}

export interface WeeklyLetterOptions {
  appUrl: string;
  appKey: string;
  now?: Date;
  batchSize?: number;
  signal?: AbortSignal;
  log: Pick<Logger, 'error'>;
}

export interface WeeklyLetterRun {
  week: string;
  claimed: number;
  mailed: number;
  failed: number;
}

/**
 * Sends the letter of the last full week to every member due one, a batch at a time: one claim and
 * three reads per batch, whatever its size. A letter is mailed after its claim is committed, so it
 * is never sent twice, and one whose mail fails is not tried again (as with the letter to myself,
 * docs/decisions/009-letter-delivery.md): a missed digest is better than a doubled one.
 */
export async function sendWeeklyLetters(db: Db, mailer: Mailer, options: WeeklyLetterOptions): Promise<WeeklyLetterRun> {
  const week = letterWeek(options.now ?? new Date());
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const run: WeeklyLetterRun = { week: week.week, claimed: 0, mailed: 0, failed: 0 };
  let afterId = 0;
  while (!options.signal?.aborted) {
    const due = await claimBatch(db, week, afterId, batchSize);
    const claimed = due.filter((member) => member.claimed);
    run.claimed += claimed.length;
    const contents = await letterContents(
      db,
      claimed.map((member) => member.user_id),
      week,
    );
    for (const member of claimed) {
      const content = contents.get(member.user_id)!;
      // What it had to tell was removed between the claim and now: better no letter than an empty one.
      if (isEmptyLetter(content)) continue;
      try {
        const address = { appUrl: options.appUrl, unsubscribeUrl: unsubscribeUrl(options.appUrl, options.appKey, member.user_id) };
        await mailer.send(weeklyLetterMail(member.email, member.nickname, week, content, address));
        run.mailed += 1;
      } catch (error) {
        run.failed += 1;
        options.log.error({ err: error, userId: member.user_id, week: week.week }, 'a weekly letter could not be sent');
      }
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]!.user_id;
  }
  return run;
}
