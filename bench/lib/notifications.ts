// Notifications at scale: before the server starts, its database gets 10,000 more members and
// 1,000,000 notifications spread over them, written by SQL on the server side, and one member
// gets a signed-in session, so that the 30-second poll every browser sends is measured against
// a realistic table with that member's cookie.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import type { Target } from './load.ts';
import type { SkippedResult } from './load.ts';
import { benchSessionCookie } from './bench-session.ts';

export const NOTIFICATION_BENCH_MEMBERS = 10_000;
export const NOTIFICATION_BENCH_ROWS = 1_000_000;

export interface NotificationBenchData {
  members: number;
  notifications: number;
  /** The member whose browser polls: their own notifications, the newest unread. */
  member: { id: number; email: string; notifications: number };
  /** The member's session cookie; kept out of results.json. */
  cookie: string;
  fillSeconds: number;
}

/**
 * Adds the members and the notifications to the (already migrated and seeded) `dataDir`: member
 * `i` of the new ones gets every 10,000th notification, so one member's rows are scattered over
 * the whole table as they are when they arrive over months. Three INSERT … SELECT, then ANALYZE.
 */
export async function fillNotifications(dataDir: string): Promise<NotificationBenchData> {
  const started = performance.now();
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 1_800_000 });
  try {
    const { db } = database;
    await db.execute(sql`
      insert into users (email, nickname, username, email_verified_at, agreed_terms_at, agreed_privacy_at, created_at, updated_at)
      select 'bench' || g || '@example.com', '벤치회원' || g, 'bench' || g, now(), now(), now(), now(), now()
      from generate_series(1, ${NOTIFICATION_BENCH_MEMBERS}) g`);
    const [range] = await queryRows<{ first: number; last: number }>(
      db,
      sql`select min(id)::int as first, max(id)::int as last from users where email like 'bench%@example.com'`,
    );
    if (!range) throw new Error('the bench members were not inserted');
    const titles = ['새벽 독서 30일째', '아침 산책 기록', '오늘의 작은 회고', '물 2리터 마시기 도전', '주말 숲길 걷기'];
    const reactionTypes = ['like', 'cheer', 'empathy', 'awesome', 'thanks'];
    // Oldest first, a minute apart, ending a minute ago: ids follow time, as they do in life.
    await db.execute(sql`
      insert into notifications (user_id, type, actor_id, is_anonymous, source_type, source_id, data, read_at, created_at)
      select ${range.first} + g % ${NOTIFICATION_BENCH_MEMBERS},
             case when g % 3 = 0 then 'reaction_on_post' when g % 3 = 1 then 'comment_on_post' else 'reply_to_comment' end,
             ${range.first} + (g * 7 + 1) % ${NOTIFICATION_BENCH_MEMBERS},
             g % 10 = 0,
             case when g % 3 = 0 then 'reaction' else 'comment' end,
             g,
             jsonb_build_object(
               'title', (${`{${titles.join(',')}}`}::text[])[1 + g % ${titles.length}],
               'link', null,
               'target', case when g % 3 = 2 then 'comment' else 'post' end,
               'reaction_type', case when g % 3 = 0 then (${`{${reactionTypes.join(',')}}`}::text[])[1 + g % ${reactionTypes.length}] end,
               'ritual_session_id', null,
               'ritual_session_thread_id', null,
               'square_post_category_slug', 'free',
               'id', 1 + g % 300),
             case when g <= ${NOTIFICATION_BENCH_ROWS - NOTIFICATION_BENCH_MEMBERS * 2} then now() end,
             now() - (${NOTIFICATION_BENCH_ROWS} - g + 1) * interval '1 minute'
      from generate_series(1, ${NOTIFICATION_BENCH_ROWS}) g`);
    // Fresh statistics, as autovacuum would have gathered on a table that grew over time.
    await db.execute(sql`analyze`);

    const [member] = await queryRows<{ id: number; email: string; notifications: number }>(
      db,
      sql`select u.id, u.email, (select count(*)::int from notifications n where n.user_id = u.id) as notifications
          from users u where u.id = ${range.first + 1}`,
    );
    if (!member) throw new Error('the bench member is missing');
    const cookie = await benchSessionCookie(db, member.id);
    const [totals] = await queryRows<{ notifications: number }>(db, sql`select count(*)::int as notifications from notifications`);
    return {
      members: NOTIFICATION_BENCH_MEMBERS,
      notifications: totals!.notifications,
      member,
      cookie,
      fillSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await database.close();
  }
}

/** Names the goals find the results by (bench/goals.ts). */
export const NOTIFICATIONS_POLL = 'GET /api/notifications/new';
/** The poll's latency goal is "at 3,000 req/s": measured at that rate (see Target.rate). */
export const NOTIFICATIONS_POLL_RATE = 3000;
export const NOTIFICATIONS_POLL_PACED = `${NOTIFICATIONS_POLL} at ${NOTIFICATIONS_POLL_RATE.toLocaleString('en-US')} req/s`;

/** The poll as the member's browser sends it; reported as missing unless it answers 200 with data. */
export async function notificationTargets(baseUrl: string, data: NotificationBenchData): Promise<Array<Target | SkippedResult>> {
  const target: Target = {
    name: NOTIFICATIONS_POLL,
    path: '/api/notifications/new',
    headers: { Cookie: data.cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  };
  const response = await fetch(`${baseUrl}${target.path}`, { headers: target.headers ?? {}, redirect: 'manual' });
  const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
  if (response.status !== 200) return [{ target: target.name, skipped: `missing: ${target.path} answers ${response.status}` }];
  // A poll answering null would measure the cheaper answer; the member's newest is unread.
  if (!body?.data) return [{ target: target.name, skipped: `${target.path} answered no data for the bench member` }];
  return [target, { ...target, name: NOTIFICATIONS_POLL_PACED, rate: NOTIFICATIONS_POLL_RATE }];
}
