import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../lib/moderation.ts';
import { seoulDate, streaksOf } from '../../../lib/room-progress.ts';
import type { DayCount, RitualStats } from '../../../lib/room-progress.ts';
import { decodeCursor, encodeCursor } from '../square/cursor.ts';
import { doneDays } from './days.ts';

/** The member's rooms and ritual days in numbers, for /mypage. Three queries. */
export async function ritualStats(db: Db, userId: number, now = new Date()): Promise<RitualStats> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [[sessions], dates, [counts]] = await Promise.all([
    queryRows<{ joined: number; running: number; finished: number }>(
      db,
      sql`select count(*)::int as joined,
          (count(*) filter (where s.starts_at <= ${at} and s.ends_at > ${at}))::int as running,
          (count(*) filter (where s.ends_at <= ${at}))::int as finished
        from ritual_session_users su join ritual_sessions s on s.id = su.ritual_session_id
        where su.user_id = ${userId}`,
    ),
    queryRows<{ day: string }>(db, sql`select distinct day::text as day from ${doneDays({ userId })} done order by day`),
    queryRows<{ posts: number; comments: number }>(
      db,
      sql`select (select count(*) from ritual_session_posts where user_id = ${userId})::int as posts,
        (select count(*) from comments where user_id = ${userId} and deleted_at is null
          and model_type in ('ritual_session_post', 'ritual_session_thread'))::int as comments`,
    ),
  ]);
  const days = dates.map((row) => row.day);
  const streaks = streaksOf(days, seoulDate(now));
  return {
    sessions_joined: sessions?.joined ?? 0,
    sessions_running: sessions?.running ?? 0,
    sessions_finished: sessions?.finished ?? 0,
    days_done: days.length,
    current_streak: streaks.current,
    best_streak: streaks.best,
    posts_count: counts?.posts ?? 0,
    comments_count: counts?.comments ?? 0,
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
