import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { env } from '../../src/server/env.ts';
import { letterWeek } from '../../src/server/modules/weekly-letter/week.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';
import { databaseUrlNamed, withAdmin as admin } from '../helpers/postgres-admin.ts';
import { twoInstancesOnPostgres } from '../helpers/two-instances.ts';

/**
 * Two built servers on one PostgreSQL database, each running the weekly letter job on its own
 * clock: every opted-in member with news gets exactly one letter for the week, the member who
 * opted out and the one who never opted in get none, and the letter's unsubscribe link asks
 * first when opened and turns the letter off when POSTed, with no session.
 */

// The job every 2 s instead of 10 minutes, so that half a minute holds many runs of both instances.
const INTERVAL_SECONDS = 2;
const HOUR_MS = 3_600_000;

const adminUrl = env.TEST_DATABASE_URL;
const name = `ritual_weekly_letter_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? databaseUrlNamed(adminUrl, name) : '';
const outboxes = mkdtempSync(join(tmpdir(), 'ritual-weekly-letter-outboxes-'));
const shared = {
  DATABASE_URL: databaseUrl,
  SEED_ON_START: 'false',
  MAIL_TRANSPORT: 'outbox',
  MAIL_OUTBOX_DIR: join(outboxes, 'mail'),
  PUSH_OUTBOX_DIR: join(outboxes, 'push'),
  KAKAO_OUTBOX_DIR: join(outboxes, 'kakao'),
  LOG_LEVEL: 'warn',
  WEEKLY_LETTER_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
};
describe.skipIf(!adminUrl)('the weekly letter on two instances (PostgreSQL)', () => {
  const servers = twoInstancesOnPostgres(adminUrl!, name, shared);

  it('sends each opted-in member one letter for the week, none to a member who opted out', async () => {
    // The week due now stays due until the next Monday 07:00 in Seoul; a run that would cross it waits it out.
    while (letterWeek(new Date()).week !== letterWeek(new Date(Date.now() + 3 * 60_000)).week) await delay(5_000);
    const week = letterWeek(new Date());
    const tuesday = new Date(week.start.getTime() + 24 * HOUR_MS + 9 * HOUR_MS);
    const suffix = randomBytes(4).toString('hex');
    const members = await admin(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: number; email: string; nickname: string }>(
        `insert into users (email, nickname, username, email_verified_at) values
          ($1, '첫째독자', 'first_${suffix}', now()), ($2, '둘째독자', 'second_${suffix}', now()),
          ($3, '그만받는회원', 'out_${suffix}', now()), ($4, '안받는회원', 'never_${suffix}', now())
          returning id, email, nickname`,
        ['first', 'second', 'out', 'never'].map((who) => `${who}-${suffix}@example.com`),
      );
      const [first, second, out, never] = rows;
      const { rows: sessions } = await client.query<{ id: number }>(
        `insert into ritual_sessions (title, starts_at, ends_at) values ('아침 10분 명상', $1, $2) returning id`,
        [new Date(week.start.getTime() - 7 * 24 * HOUR_MS), new Date(week.end.getTime() + 21 * 24 * HOUR_MS)],
      );
      const sessionId = sessions[0]!.id;
      for (const member of rows) await client.query('insert into ritual_session_users (ritual_session_id, user_id) values ($1, $2)', [sessionId, member.id]);
      await client.query('insert into notification_settings (user_id, email_digest) values ($1, true), ($2, true), ($3, false)', [first!.id, second!.id, out!.id]);
      // Everyone's room had news that week: a record by the member who never opted in, and a check-in of the first reader.
      await client.query(
        `insert into ritual_session_posts (ritual_session_id, user_id, category, content_html, excerpt, created_at, updated_at)
          values ($1, $2, 'wakeup', '<p>화요일 아침도 일어났어요.</p>', '화요일 아침도 일어났어요.', $3, $3)`,
        [sessionId, never!.id, tuesday],
      );
      await client.query('insert into ritual_session_check_ins (ritual_session_id, user_id, day) values ($1, $2, $3)', [sessionId, first!.id, week.days[1]]);
      return { first: first!, second: second!, out: out!, never: never! };
    });

    const mailsTo = (who: { email: string }) => readOutbox(shared.MAIL_OUTBOX_DIR, { to: who.email });
    // Until both letters have arrived, then ten more runs of each instance, any of which could send one again.
    const until = Date.now() + 60_000;
    let bothSeen: number | null = null;
    while (Date.now() < until && (bothSeen === null || Date.now() < bothSeen + 10 * INTERVAL_SECONDS * 1000)) {
      if (bothSeen === null && (await mailsTo(members.first)).length > 0 && (await mailsTo(members.second)).length > 0) bothSeen = Date.now();
      await delay(500);
    }
    expect(bothSeen).not.toBeNull();
    const [letter, ...again] = await mailsTo(members.first);
    expect(again).toEqual([]);
    expect(await mailsTo(members.second)).toHaveLength(1);
    expect(await mailsTo(members.out)).toEqual([]);
    expect(await mailsTo(members.never)).toEqual([]);
    expect(letter!.subject).toMatch(/^\[리추얼\] 지난주 리추얼 소식/);
    expect(letter!.text).toContain('[「아침 10분 명상」 새 기록 1개]\n- 안받는회원: 화요일 아침도 일어났어요.');
    const deliveries = await admin(databaseUrl, (client) => client.query('select user_id, week::text as week from weekly_letter_deliveries order by user_id'));
    expect(deliveries.rows).toEqual([
      { user_id: members.first.id, week: week.week },
      { user_id: members.second.id, week: week.week },
    ]);

    // The mail app's 구독 취소: the page asks first; the POST, with no cookie and no token, turns it off.
    expect(letter!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const link = new URL(letter!.headers!['List-Unsubscribe']!.slice(1, -1));
    const at = (server: ServerProcess) => `${server.url}${link.pathname}${link.search}`;
    const digest = async () =>
      (await admin(databaseUrl, (client) => client.query<{ on: boolean }>('select email_digest as on from notification_settings where user_id = $1', [members.first.id]))).rows[0]!.on;
    const page = await fetch(at(servers[0]!), { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('주간 레터 그만 받기');
    expect(await digest()).toBe(true);
    const oneClick = await fetch(at(servers[1]!), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await digest()).toBe(false);
    const after = await fetch(at(servers[0]!), { headers: { Accept: 'text/html' } });
    expect(await after.text()).toContain('이제 주간 레터가 가지 않아요.');
  }, 300_000);
});
