import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { readPushOutbox } from '../../src/server/adapters/push/outbox-push-sender.ts';
import { env } from '../../src/server/env.ts';
import { databaseUrlNamed, withAdmin as admin } from '../helpers/postgres-admin.ts';
import { twoInstancesOnPostgres } from '../helpers/two-instances.ts';

/**
 * Two built servers on one PostgreSQL database, each running the reminder job on its own clock:
 * a reminder due at a set minute reaches the (shared) outboxes exactly once, within two minutes of
 * its time, and none reaches a member who already checked in that day.
 */

const MINUTE_MS = 60_000;
// The job every 2 s instead of 30, so that a minute holds many runs of both instances.
const INTERVAL_SECONDS = 2;
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const WINDOW_MS = 2 * MINUTE_MS;

const seoulClock = (at: number) => new Date(at + SEOUL_OFFSET_MS).toISOString().slice(11, 16);
const seoulDay = (at: number) => new Date(at + SEOUL_OFFSET_MS).toISOString().slice(0, 10);

const adminUrl = env.TEST_DATABASE_URL;
const name = `ritual_reminders_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? databaseUrlNamed(adminUrl, name) : '';
const outboxes = mkdtempSync(join(tmpdir(), 'ritual-reminder-outboxes-'));
const shared = {
  DATABASE_URL: databaseUrl,
  SEED_ON_START: 'false',
  PUSH_PROVIDER: 'outbox',
  PUSH_OUTBOX_DIR: join(outboxes, 'push'),
  MAIL_TRANSPORT: 'outbox',
  MAIL_OUTBOX_DIR: join(outboxes, 'mail'),
  KAKAO_OUTBOX_DIR: join(outboxes, 'kakao'),
  LOG_LEVEL: 'warn',
  REMINDER_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
};
describe.skipIf(!adminUrl)('reminders on two instances (PostgreSQL)', () => {
  twoInstancesOnPostgres(adminUrl!, name, shared);

  it('sends a reminder due at a set minute exactly once within two minutes, and none after a check-in', async () => {
    // The next whole minute at least 10 s away; a window that would cross Seoul's midnight is moved past it.
    let due = Math.ceil((Date.now() + 10_000) / MINUTE_MS) * MINUTE_MS;
    while (seoulDay(due) !== seoulDay(due + WINDOW_MS)) due += MINUTE_MS;
    const day = seoulDay(due);
    const time = seoulClock(due);
    const suffix = randomBytes(4).toString('hex');
    const endpoint = (who: string) => `https://push.example.com/${who}-${suffix}`;
    const [waiting, done] = await admin(databaseUrl, async (client) => {
      const { rows: members } = await client.query<{ id: number; email: string }>(
        `insert into users (email, nickname, username, email_verified_at) values
          ($1, '기다리는회원', 'waiting_${suffix}', now()), ($2, '체크인한회원', 'done_${suffix}', now()) returning id, email`,
        [`waiting-${suffix}@example.com`, `done-${suffix}@example.com`],
      );
      const { rows: sessions } = await client.query<{ id: number }>(
        `insert into ritual_sessions (title, starts_at, ends_at) values ('아침 10분 명상', now() - interval '3 days', now() + interval '10 days') returning id`,
      );
      const sessionId = sessions[0]!.id;
      for (const [member, who] of [
        [members[0]!, 'waiting'],
        [members[1]!, 'done'],
      ] as const) {
        await client.query('insert into ritual_session_users (ritual_session_id, user_id) values ($1, $2)', [sessionId, member.id]);
        // Written straight to the table: a test at any hour needs a time outside the API's 05:00-23:00.
        await client.query(`insert into ritual_reminders (user_id, ritual_session_id, time, channels) values ($1, $2, $3, '{push,email}')`, [
          member.id,
          sessionId,
          time,
        ]);
        await client.query(`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, 'p', 'a')`, [member.id, endpoint(who)]);
      }
      await client.query('insert into ritual_session_check_ins (ritual_session_id, user_id, day) values ($1, $2, $3)', [sessionId, members[1]!.id, day]);
      return members;
    });

    // Until ten runs of each instance have passed the first send, any of which could send it again.
    let firstSeen: number | null = null;
    while (Date.now() < due + WINDOW_MS && (firstSeen === null || Date.now() < firstSeen + 10 * INTERVAL_SECONDS * 1000)) {
      if (firstSeen === null && (await readPushOutbox(shared.PUSH_OUTBOX_DIR, { endpoint: endpoint('waiting') })).length > 0) firstSeen = Date.now();
      await delay(500);
    }
    const pushes = await readPushOutbox(shared.PUSH_OUTBOX_DIR, { endpoint: endpoint('waiting') });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: '오늘의 리추얼', body: '「아침 10분 명상」 체크인할 시간이에요.', url: '/today' });
    const sentAt = Date.parse(pushes[0]!.sent_at);
    expect(sentAt).toBeGreaterThanOrEqual(due);
    expect(sentAt).toBeLessThan(due + WINDOW_MS);
    expect(firstSeen).not.toBeNull();
    expect(await readOutbox(shared.MAIL_OUTBOX_DIR, { to: waiting!.email })).toHaveLength(1);
    // The member who checked in heard nothing.
    expect(await readPushOutbox(shared.PUSH_OUTBOX_DIR, { endpoint: endpoint('done') })).toEqual([]);
    expect(await readOutbox(shared.MAIL_OUTBOX_DIR, { to: done!.email })).toEqual([]);
    const deliveries = await admin(databaseUrl, (client) => client.query('select user_id, day::text as day from reminder_deliveries'));
    expect(deliveries.rows).toEqual([{ user_id: waiting!.id, day }]);
  }, 300_000);
});
