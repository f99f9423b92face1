import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../lib/constants.ts';

/** A timestamp column's Seoul calendar date, as SQL. */
export const seoulDayOf = (column: SQL | string): SQL =>
  typeof column === 'string'
    ? sql`((${sql.raw(column)} at time zone ${TIME_ZONE})::date)`
    : sql`((${column} at time zone ${TIME_ZONE})::date)`;

/**
 * The (user_id, ritual_session_id, day) rows of the days members did their ritual: a check-in, or
 * a post in a record category (every one but notice), on that Seoul day. `where` narrows both
 * halves the same way (a session, several by a subquery of their ids, a member) so each is served by its own index.
 * A day repeats once for each record of it: every reader counts or lists distinct days, so the
 * rows are not sorted and made unique here first (the room home's completion asks this per visit).
 */
export function doneDays(where: { sessionId?: number; sessionIds?: SQL; userId?: number }): SQL {
  const checkIns: SQL[] = [];
  const posts: SQL[] = [sql`category <> 'notice'`];
  if (where.sessionId !== undefined) {
    checkIns.push(sql`ritual_session_id = ${where.sessionId}`);
    posts.push(sql`ritual_session_id = ${where.sessionId}`);
  }
  if (where.sessionIds !== undefined) {
    checkIns.push(sql`ritual_session_id in (${where.sessionIds})`);
    posts.push(sql`ritual_session_id in (${where.sessionIds})`);
  }
  if (where.userId !== undefined) {
    checkIns.push(sql`user_id = ${where.userId}`);
    posts.push(sql`user_id = ${where.userId}`);
  }
  const checkInWhere = checkIns.length > 0 ? sql`where ${sql.join(checkIns, sql` and `)}` : sql``;
  return sql`(select user_id, ritual_session_id, day from ritual_session_check_ins ${checkInWhere}
    union all
    select user_id, ritual_session_id, ${seoulDayOf('created_at')} as day from ritual_session_posts where ${sql.join(posts, sql` and `)})`;
}
