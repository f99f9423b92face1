import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { ritualSessions, ritualSessionUsers } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../lib/moderation.ts';
import { ratePercent, ritualYearRange, seoulDate, sessionDays, streaksOf } from '../../../lib/room-progress.ts';
import type { DayCount, RitualStats } from '../../../lib/room-progress.ts';
import { decodeCursor, encodeCursor } from '../square/cursor.ts';
import { doneDays } from './days.ts';
import { elapsedDays } from './service.ts';

/**
 * The member's rooms and ritual days in numbers, for /mypage: every session they joined with its
 * completion, their done days of the last 365 and their streaks across sessions. A done day counts
 * as the session report counts it, within the days its session runs. Three queries, whatever the
 * number of sessions or days.
 */
export async function ritualStats(db: Db, userId: number, now = new Date()): Promise<RitualStats> {
  const [sessions, doneRows, [counts]] = await Promise.all([
    db
      .select({ id: ritualSessions.id, title: ritualSessions.title, startsAt: ritualSessions.startsAt, endsAt: ritualSessions.endsAt })
      .from(ritualSessionUsers)
      .innerJoin(ritualSessions, eq(ritualSessions.id, ritualSessionUsers.ritualSessionId))
      .where(eq(ritualSessionUsers.userId, userId))
      .orderBy(desc(ritualSessions.startsAt), desc(ritualSessions.id)),
    queryRows<{ session_id: number; day: string }>(
      db,
      sql`select ritual_session_id as session_id, day::text as day from ${doneDays({ userId })} done order by day`,
    ),
    queryRows<{ posts: number; comments: number }>(
      db,
      sql`select (select count(*) from ritual_session_posts where user_id = ${userId})::int as posts,
        (select count(*) from comments where user_id = ${userId} and deleted_at is null
          and model_type in ('ritual_session_post', 'ritual_session_thread'))::int as comments`,
    ),
  ]);
  const today = seoulDate(now);
  const spans = sessions.map((session) => {
    const days = sessionDays(session.startsAt, session.endsAt);
    return { session, days, first: days[0] ?? today, last: days.at(-1) ?? today, done: 0 };
  });
  const spanOf = new Map(spans.map((span) => [span.session.id, span]));
  // Rows come in day order, so the map's days do too.
  const sessionsPerDay = new Map<string, number>();
  for (const row of doneRows) {
    const span = spanOf.get(row.session_id);
    if (!span || row.day < span.first || row.day > span.last) continue;
    span.done += 1;
    sessionsPerDay.set(row.day, (sessionsPerDay.get(row.day) ?? 0) + 1);
  }
  const streaks = streaksOf(sessionsPerDay.keys(), today);
  const range = ritualYearRange(today);
  const at = now.getTime();
  return {
    sessions_joined: sessions.length,
    sessions_running: sessions.filter((session) => session.startsAt.getTime() <= at && session.endsAt.getTime() > at).length,
    sessions_finished: sessions.filter((session) => session.endsAt.getTime() <= at).length,
    days_done: sessionsPerDay.size,
    current_streak: streaks.current,
    best_streak: streaks.best,
    posts_count: counts?.posts ?? 0,
    comments_count: counts?.comments ?? 0,
    year: {
      ...range,
      days: [...sessionsPerDay]
        .filter(([day]) => day >= range.from && day <= range.to)
        .map(([day, count]) => ({ day, count })),
    },
    sessions: spans.map(({ session, days, done }) => {
      const elapsed = elapsedDays(days, today);
      return {
        id: session.id,
        title: session.title,
        starts_at: apiTime(session.startsAt),
        ends_at: apiTime(session.endsAt),
        days: days.length,
        days_elapsed: elapsed,
        days_done: done,
        completion_rate: ratePercent(done, elapsed),
      };
    }),
  };
}

/** The member's records (check-ins and record posts) per Seoul day from `first` to `last`, in any room. */
export function ritualDayCounts(db: Db, userId: number, first: string, last: string): Promise<DayCount[]> {
  return queryRows<DayCount>(
    db,
    sql`select day::text as date, sum(records)::int as count from ${doneDays({ userId })} done
      where day between ${first}::date and ${last}::date group by day order by day`,
  );
}

export interface RoomCommentView {
  id: number;
  content: string;
  createdAt: string;
  modelType: 'ritual_session_post' | 'ritual_session_thread';
  modelId: number;
  sessionId: number;
  sessionTitle: string;
}

/** The member's comments in rooms, newest first, a cursor page at a time. */
export async function myRoomComments(
  db: Db,
  userId: number,
  options: { cursor?: string | undefined; perPage: number },
): Promise<{ items: RoomCommentView[]; nextCursor: string | null }> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await queryRows<{
    id: number;
    content: string;
    created_at: string;
    model_type: 'ritual_session_post' | 'ritual_session_thread';
    model_id: number;
    session_id: number;
    session_title: string;
  }>(
    db,
    sql`select c.id, case when c.hidden_at is null then c.content else ${HIDDEN_CONTENT_TEXT} end as content, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        c.model_type, c.model_id, s.id as session_id, s.title as session_title
      from comments c
      left join ritual_session_posts p on c.model_type = 'ritual_session_post' and p.id = c.model_id
      left join ritual_session_threads t on c.model_type = 'ritual_session_thread' and t.id = c.model_id
      join ritual_sessions s on s.id = coalesce(p.ritual_session_id, t.ritual_session_id)
      where c.user_id = ${userId} and c.deleted_at is null
        and c.model_type in ('ritual_session_post', 'ritual_session_thread')
        ${position ? sql`and (c.created_at, c.id) < (${position.at}::timestamptz, ${position.id})` : sql``}
      order by c.created_at desc, c.id desc
      limit ${options.perPage + 1}`,
  );
  const items = rows.slice(0, options.perPage).map((row) => ({
    id: row.id,
    content: row.content,
    createdAt: row.created_at,
    modelType: row.model_type,
    modelId: row.model_id,
    sessionId: row.session_id,
    sessionTitle: row.session_title,
  }));
  const last = items.at(-1);
  const nextCursor = rows.length > options.perPage && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null;
  return { items, nextCursor };
}
