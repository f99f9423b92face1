import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../lib/constants.ts';

/** A timestamp column's Seoul calendar date, as SQL. */
export const seoulDayOf = (column: SQL | string): SQL =>
  typeof column === 'string'
    ? sql`((${sql.raw(column)} at time zone ${TIME_ZONE})::date)`
    : sql`((${column} at time zone ${TIME_ZONE})::date)`;

/**
 * The (user_id, ritual_session_id, day, records) rows of the days members did their ritual: a
 * check-in, or a post in a record category (every one but notice), on that Seoul day, one row a day
 * (ritual_session_done_days, kept by triggers). `where` narrows them: a session, several by a
 * subquery of their ids, a member; each is served by an index.
 */
export function doneDays(where: { sessionId?: number; sessionIds?: SQL; userId?: number }): SQL {
  const conditions: SQL[] = [];
  if (where.sessionId !== undefined) conditions.push(sql`ritual_session_id = ${where.sessionId}`);
  if (where.sessionIds !== undefined) conditions.push(sql`ritual_session_id in (${where.sessionIds})`);
  if (where.userId !== undefined) conditions.push(sql`user_id = ${where.userId}`);
  const narrowed = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`(select user_id, ritual_session_id, day, records from ritual_session_done_days ${narrowed})`;
}
