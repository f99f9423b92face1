import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { ritualSessionDoneDays, ritualSessionUsers, roomPostCategories } from '../../db/schema/index.ts';
import type { RitualSession, RoomPostCategory, User } from '../../db/schema/index.ts';
import { forbidden } from '../../domain-errors.ts';
import { ratePercent, seoulDate, sessionDays, streaksOf } from '../../../lib/room-progress.ts';
import type { DayCount, Streaks } from '../../../lib/room-progress.ts';
import { roomAccess } from '../rooms/access.ts';
import { doneDays, seoulDayOf } from './days.ts';

export const PROGRESS_MESSAGES = {
  membersOnly: '이 리추얼 방의 멤버만 설정할 수 있어요.',
  sharesProgress: '공개 여부는 예 또는 아니요로 보내 주세요.',
} as const;

export interface MemberProgress {
  userId: number;
  nickname: string;
  username: string;
  sharesProgress: boolean;
  daysDone: number;
}

export interface RoomReportView {
  session: RitualSession;
  viewerId: number;
  today: string;
  days: string[];
  daysElapsed: number;
  daysDone: string[];
  streaks: Streaks;
  sharesProgress: boolean;
  postsByCategory: Record<RoomPostCategory, number>;
  roomPostsByCategory: Record<RoomPostCategory, number>;
  members: MemberProgress[];
}

const emptyCounts = (): Record<RoomPostCategory, number> =>
  Object.fromEntries(roomPostCategories.map((category) => [category, 0])) as Record<RoomPostCategory, number>;

/** The session's days up to today in Seoul: none before it starts, all of them once it is over. */
export function elapsedDays(days: readonly string[], today: string): number {
  return days.filter((day) => day <= today).length;
}

/**
 * A member's report of a room: their days done, streaks and posts by category, and every member's
 * days done (named later only for those who share). Four queries, whatever the room's size.
 */
export async function roomReport(db: Db, user: Pick<User, 'id' | 'role'>, sessionId: number, now = new Date()): Promise<RoomReportView> {
  const access = await roomAccess(db, user, sessionId);
  const { session } = access;
  const days = sessionDays(session.startsAt, session.endsAt);
  const today = seoulDate(now);
  const first = days[0] ?? today;
  const last = days.at(-1) ?? today;

  const [mine, members, categories] = await Promise.all([
    queryRows<{ day: string }>(
      db,
      sql`select day::text as day from ${doneDays({ sessionId, userId: user.id })} done
        where day between ${first}::date and ${last}::date order by day`,
    ),
    queryRows<{
      user_id: number;
      nickname: string;
      username: string;
      shares_progress: boolean;
      deleted: boolean;
      days_done: number;
    }>(
      db,
      sql`select su.user_id, u.nickname, u.username, su.shares_progress, u.deleted_at is not null as deleted,
          coalesce(d.days_done, 0)::int as days_done
        from ritual_session_users su
        join users u on u.id = su.user_id
        left join (
          select user_id, count(*) as days_done from ${doneDays({ sessionId })} done
          where day between ${first}::date and ${last}::date group by user_id
        ) d on d.user_id = su.user_id
        where su.ritual_session_id = ${sessionId} and su.role = 'member'
        order by days_done desc, su.id`,
    ),
    queryRows<{ category: RoomPostCategory; total: number; mine: number }>(
      db,
      sql`select category, count(*)::int as total, (count(*) filter (where user_id = ${user.id}))::int as mine
        from ritual_session_posts where ritual_session_id = ${sessionId} group by category`,
    ),
  ]);

  const postsByCategory = emptyCounts();
  const roomPostsByCategory = emptyCounts();
  for (const row of categories) {
    postsByCategory[row.category] = row.mine;
    roomPostsByCategory[row.category] = row.total;
  }
  const daysDone = mine.map((row) => row.day);
  const me = members.find((row) => row.user_id === user.id);
  return {
    session,
    viewerId: user.id,
    today,
    days,
    daysElapsed: elapsedDays(days, today),
    daysDone,
    streaks: streaksOf(daysDone, today),
    sharesProgress: me?.shares_progress ?? false,
    postsByCategory,
    roomPostsByCategory,
    members: members.map((row) => ({
      userId: row.user_id,
      nickname: row.nickname,
      username: row.username,
      // A member who left the service is never named, whatever they chose before.
      sharesProgress: row.shares_progress && !row.deleted,
      daysDone: row.days_done,
    })),
  };
}

/** Whether the member is named in the room's completion list; only a member of the room chooses. */
export async function setSharesProgress(db: Db, user: Pick<User, 'id' | 'role'>, sessionId: number, shares: boolean): Promise<boolean> {
  const access = await roomAccess(db, user, sessionId);
  if (!access.role) throw forbidden(PROGRESS_MESSAGES.membersOnly);
  await db
    .update(ritualSessionUsers)
    .set({ sharesProgress: shares })
    .where(and(eq(ritualSessionUsers.ritualSessionId, sessionId), eq(ritualSessionUsers.userId, user.id)));
  return shares;
}

export interface PostCheckDay {
  date: string;
  count: number;
  checkedIn: boolean;
}

/** The member's own days in a room: record posts per Seoul day and whether they checked in. */
export async function myPostChecks(db: Db, user: Pick<User, 'id' | 'role'>, sessionId: number): Promise<PostCheckDay[]> {
  await roomAccess(db, user, sessionId);
  const rows = await queryRows<{
    date: string;
    count: number;
    checked_in: boolean;
  }>(
    db,
    sql`select coalesce(p.day, c.day)::text as date, coalesce(p.count, 0)::int as count, c.day is not null as checked_in
      from (
        select ${seoulDayOf('created_at')} as day, count(*) as count from ritual_session_posts
        where ritual_session_id = ${sessionId} and user_id = ${user.id} and category <> 'notice' group by 1
      ) p
      full join (
        select day from ritual_session_check_ins where ritual_session_id = ${sessionId} and user_id = ${user.id}
      ) c on c.day = p.day
      order by 1`,
  );
  return rows.map((row) => ({
    date: row.date,
    count: row.count,
    checkedIn: row.checked_in,
  }));
}

/** The member's own comments in a room (on its posts and threads), counted per Seoul day. */
export async function myCommentChecks(db: Db, user: Pick<User, 'id' | 'role'>, sessionId: number): Promise<DayCount[]> {
  await roomAccess(db, user, sessionId);
  return queryRows<DayCount>(
    db,
    sql`select ${seoulDayOf('c.created_at')}::text as date, count(*)::int as count
      from comments c
      where c.user_id = ${user.id} and c.deleted_at is null and (
        (c.model_type = 'ritual_session_post' and c.model_id in (select id from ritual_session_posts where ritual_session_id = ${sessionId}))
        or (c.model_type = 'ritual_session_thread' and c.model_id in (select id from ritual_session_threads where ritual_session_id = ${sessionId}))
      )
      group by 1 order by 1`,
  );
}

// Asked by the room home on every visit and by a member's page in the room: built once per database.
const daysDoneQuery = preparedQuery((db) =>
  db
    .select({ daysDone: sql<number>`count(*)::int` })
    .from(ritualSessionDoneDays)
    .where(
      and(
        eq(ritualSessionDoneDays.ritualSessionId, sql.placeholder('sessionId')),
        eq(ritualSessionDoneDays.userId, sql.placeholder('userId')),
        between(ritualSessionDoneDays.day, sql.placeholder('first'), sql.placeholder('last')),
      ),
    )
    .prepare('member_days_done'),
);

/** A member's completion in one room, for their page there: days done of the days so far. */
export async function memberCompletion(db: Db, userId: number, session: Pick<RitualSession, 'id' | 'startsAt' | 'endsAt'>, now = new Date()) {
  const days = sessionDays(session.startsAt, session.endsAt);
  const today = seoulDate(now);
  const [row] = await daysDoneQuery(db).execute({ sessionId: session.id, userId, first: days[0] ?? today, last: days.at(-1) ?? today });
  const elapsed = elapsedDays(days, today);
  const daysDone = row?.daysDone ?? 0;
  return {
    daysDone,
    daysElapsed: elapsed,
    completionRate: ratePercent(daysDone, elapsed),
  };
}
