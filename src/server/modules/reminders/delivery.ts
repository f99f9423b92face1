import { inArray, lt, sql } from 'drizzle-orm';
import { REMINDER_PUSH_TITLE, TODAY_PATH } from '../../../lib/reminders.ts';
import type { KakaoSender } from '../../adapters/kakao/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { PushSender } from '../../adapters/push/index.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { pushSubscriptions, reminderDeliveries } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { deliverPushes } from '../push/delivery.ts';
import type { PushDelivery } from '../push/delivery.ts';
import { reminderMail } from './mail.ts';

const SEOUL_OFFSET_MS = 9 * 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3_600_000;
// A reminder due at HH:MM is sent by a run from HH:MM:00 until two minutes later, never after:
// the runs come every 30 seconds, so each due reminder meets several, and the first to claim it sends it.
export const REMINDER_WINDOW_MINUTES = 2;

/** Where `now` falls on Seoul's clock (+09:00 all year since 1988): the day, its bounds and the due minutes. */
export function reminderWindow(now: Date) {
  const local = now.getTime() + SEOUL_OFFSET_MS;
  const dayStartLocal = Math.floor(local / DAY_MS) * DAY_MS;
  const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
  // The earliest minute still due; a window that began the day before starts at 00:00 (reminders start at 05:00).
  const fromLocal = Math.max(dayStartLocal, local - (REMINDER_WINDOW_MINUTES - 1) * MINUTE_MS);
  return {
    day: new Date(dayStartLocal).toISOString().slice(0, 10),
    dayStart: new Date(dayStartLocal - SEOUL_OFFSET_MS),
    dayEnd: new Date(dayStartLocal + DAY_MS - SEOUL_OFFSET_MS),
    from: clock(fromLocal),
    to: clock(local),
  };
}

interface ClaimedReminder {
  user_id: number;
  ritual_session_id: number;
  channels: string[];
  title: string;
  email: string;
  nickname: string;
  /** Set only for a verified Korean number: 알림톡 goes nowhere else. */
  kakao_phone: string | null;
}

/**
 * Claims every reminder due now in one statement: members of sessions whose days include this
 * Seoul day, reminder on (a member without a row has the default: on, 08:00, push), its time within
 * the window, no check-in today. The insert into reminder_deliveries (one row per member, session
 * and day) is the claim: ON CONFLICT DO NOTHING leaves out what another instance or an earlier run
 * claimed, and RETURNING gives this run only what it claimed, so each is sent once.
 */
async function claimDueReminders(db: Db, now: Date): Promise<ClaimedReminder[]> {
  const window = reminderWindow(now);
  return queryRows<ClaimedReminder>(
    db,
    sql`with due as (
        select su.user_id, su.ritual_session_id, coalesce(r.channels, '{push}'::text[]) as channels
        from ritual_sessions s
        join ritual_session_users su on su.ritual_session_id = s.id
        join users u on u.id = su.user_id and u.deleted_at is null
        left join ritual_reminders r on r.user_id = su.user_id and r.ritual_session_id = su.ritual_session_id
        where s.starts_at < ${window.dayEnd.toISOString()}::timestamptz
          and s.ends_at > ${window.dayStart.toISOString()}::timestamptz
          and coalesce(r.enabled, true)
          and coalesce(r.time, '08:00') between ${window.from} and ${window.to}
          and cardinality(coalesce(r.channels, '{push}'::text[])) > 0
          and not exists (
            select 1 from ritual_session_check_ins c
            where c.ritual_session_id = su.ritual_session_id and c.user_id = su.user_id and c.day = ${window.day}::date
          )
      ), claimed as (
        insert into reminder_deliveries (user_id, ritual_session_id, day, channels)
        select user_id, ritual_session_id, ${window.day}::date, channels from due
        on conflict do nothing
        returning user_id, ritual_session_id, channels
      )
      select c.user_id, c.ritual_session_id, c.channels, s.title, u.email, u.nickname,
        case when u.phone_verified_at is not null and coalesce(u.country_code, '82') = '82' then u.phone end as kakao_phone
      from claimed c
      join ritual_sessions s on s.id = c.ritual_session_id
      join users u on u.id = c.user_id`,
  );
}

export interface ReminderSenders {
  push: PushSender;
  mailer: Mailer;
  kakao: KakaoSender;
}

export interface ReminderRun {
  claimed: number;
  pushed: number;
  mailed: number;
  kakao: number;
  failed: number;
}

/**
 * Sends what this run claimed. A send that fails is logged and not tried again: the claim is the
 * promise of at most one reminder a day, and one missed is better than one twice.
 */
export async function sendDueReminders(
  db: Db,
  senders: ReminderSenders,
  options: { appUrl: string; now?: Date; log: Pick<Logger, 'warn' | 'error'> },
): Promise<ReminderRun> {
  const claimed = await claimDueReminders(db, options.now ?? new Date());
  const run: ReminderRun = { claimed: claimed.length, pushed: 0, mailed: 0, kakao: 0, failed: 0 };
  if (claimed.length === 0) return run;
  const todayUrl = new URL(TODAY_PATH, options.appUrl).toString();

  const pushed = claimed.filter((reminder) => reminder.channels.includes('push'));
  if (pushed.length > 0 && senders.push.publicKey !== null) {
    const subscriptions = await db
      .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...new Set(pushed.map((reminder) => reminder.user_id))]));
    const deliveries: PushDelivery[] = pushed.flatMap((reminder) =>
      subscriptions
        .filter((subscription) => subscription.userId === reminder.user_id)
        .map(({ endpoint, p256dh, auth }) => ({
          target: { endpoint, p256dh, auth },
          message: {
            title: REMINDER_PUSH_TITLE,
            body: `「${reminder.title}」 체크인할 시간이에요.`,
            url: TODAY_PATH,
            tag: `reminder-${reminder.ritual_session_id}`,
          },
        })),
    );
    const result = await deliverPushes(db, senders.push, deliveries, options.log);
    run.pushed = result.sent;
    run.failed += result.failed;
  }

  for (const reminder of claimed) {
    if (reminder.channels.includes('email')) {
      try {
        await senders.mailer.send(reminderMail(reminder.email, reminder.nickname, reminder.title, todayUrl));
        run.mailed += 1;
      } catch (error) {
        run.failed += 1;
        options.log.error({ err: error, userId: reminder.user_id }, 'a reminder e-mail could not be sent');
      }
    }
    if (reminder.channels.includes('kakao') && reminder.kakao_phone) {
      try {
        await senders.kakao.send({
          phone: reminder.kakao_phone,
          templateCode: 'RITUAL_REMINDER',
          variables: { nickname: reminder.nickname, ritual_title: reminder.title, url: todayUrl },
        });
        run.kakao += 1;
      } catch (error) {
        run.failed += 1;
        options.log.error({ err: error, userId: reminder.user_id }, 'a reminder 알림톡 could not be sent');
      }
    }
  }
  return run;
}

// A delivery row only has to outlive its Seoul day (the claim); a week is kept for support questions.
const DELIVERY_KEEP_DAYS = 7;

/** Cleanup: delivery rows older than a week, `limit` at a time, each claimed by one instance. */
export async function pruneReminderDeliveries(db: Db, limit: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_KEEP_DAYS * 86_400_000);
  const claimed = db
    .select({ userId: reminderDeliveries.userId, sessionId: reminderDeliveries.ritualSessionId, day: reminderDeliveries.day })
    .from(reminderDeliveries)
    .where(lt(reminderDeliveries.sentAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  const removed = await db
    .delete(reminderDeliveries)
    .where(sql`(${reminderDeliveries.userId}, ${reminderDeliveries.ritualSessionId}, ${reminderDeliveries.day}) in ${claimed}`)
    .returning({ day: reminderDeliveries.day });
  return removed.length;
}
