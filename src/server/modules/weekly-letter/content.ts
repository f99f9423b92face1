import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { DELETED_MEMBER_NAME } from '../../../lib/notifications.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { LetterWeek } from './week.ts';

/**
 * What a letter tells, each part read for a whole batch of members in one statement. The FROM and
 * WHERE of each part are written once, here, and shared with the claim (delivery.ts), which asks
 * only whether a member has any of it: the two cannot disagree about what counts.
 */

const range = (column: SQL, week: LetterWeek) =>
  sql`${column} >= ${week.start.toISOString()}::timestamptz and ${column} < ${week.end.toISOString()}::timestamptz`;

/** Others' new records in the member's rooms (`su.user_id` is the member). */
export const roomRecordsOf = (member: SQL, week: LetterWeek) => sql`from ritual_session_users su
  join ritual_session_posts p on p.ritual_session_id = su.ritual_session_id and ${range(sql`p.created_at`, week)}
    and p.user_id <> su.user_id and p.hidden_at is null
  where su.user_id ${member}`;

/** Others' comments on the member's own records (`p.user_id` is the member). */
export const repliesOf = (member: SQL, week: LetterWeek) => sql`from ritual_session_posts p
  join comments c on c.model_type = 'ritual_session_post' and c.model_id = p.id and ${range(sql`c.created_at`, week)}
    and c.user_id <> p.user_id and c.deleted_at is null and c.hidden_at is null
  where p.user_id ${member} and p.hidden_at is null`;

/** The member's own check-ins (`ci.user_id` is the member). */
export const checkInsOf = (member: SQL, week: LetterWeek) => sql`from ritual_session_check_ins ci
  where ci.user_id ${member} and ci.day between ${week.days[0]}::date and ${week.days[6]}::date`;

// A few of each in the letter; the counts say how many more there are.
const SHOWN = 3;

export interface LetterItem {
  sessionId: number;
  postId: number;
  /** Who wrote it, as the room shows them: 익명 or 탈퇴한 회원 where that applies. */
  author: string;
  text: string;
}

export interface RoomNews {
  sessionId: number;
  title: string;
  records: number;
  latest: LetterItem[];
}

export interface LetterContent {
  /** The Seoul dates of the week the member checked in on, in any of their rooms. */
  checkInDays: string[];
  rooms: RoomNews[];
  replies: number;
  latestReplies: LetterItem[];
}

export const isEmptyLetter = (content: LetterContent): boolean =>
  content.checkInDays.length === 0 && content.rooms.length === 0 && content.replies === 0;

interface ItemRow {
  member_id: number;
  session_id: number;
  post_id: number;
  text: string;
  author: string | null;
  author_deleted: boolean;
  total: number;
}

const authorOf = (row: ItemRow): string => (row.author_deleted ? DELETED_MEMBER_NAME : (row.author ?? '익명'));
const itemOf = (row: ItemRow): LetterItem => ({ sessionId: row.session_id, postId: row.post_id, author: authorOf(row), text: row.text });

/** The letter of each member in `userIds` for `week`; a member with nothing gets an empty one. */
export async function letterContents(db: Db, userIds: number[], week: LetterWeek): Promise<Map<number, LetterContent>> {
  const contents = new Map<number, LetterContent>(userIds.map((id) => [id, { checkInDays: [], rooms: [], replies: 0, latestReplies: [] }]));
  if (userIds.length === 0) return contents;
  const members = sql`= any(${`{${userIds.join(',')}}`}::int[])`;
  const [records, replies, checkIns] = await Promise.all([
    queryRows<ItemRow & { title: string }>(
      db,
      sql`select item.member_id, item.session_id, s.title, item.post_id, item.text, item.total,
          a.nickname as author, a.deleted_at is not null as author_deleted
        from (
          select su.user_id as member_id, p.ritual_session_id as session_id, p.id as post_id, p.user_id as author_id,
            coalesce(nullif(p.title, ''), p.excerpt) as text,
            count(*) over (partition by su.user_id, p.ritual_session_id)::int as total,
            row_number() over (partition by su.user_id, p.ritual_session_id order by p.created_at desc, p.id desc) as rank
          ${roomRecordsOf(members, week)}
        ) as item
        join ritual_sessions s on s.id = item.session_id
        join users a on a.id = item.author_id
        where item.rank <= ${SHOWN}
        order by item.member_id, item.session_id, item.rank`,
    ),
    queryRows<ItemRow>(
      db,
      sql`select item.member_id, item.session_id, item.post_id, item.text, item.total,
          case when item.anonymous then null else a.nickname end as author, a.deleted_at is not null and not item.anonymous as author_deleted
        from (
          select p.user_id as member_id, p.ritual_session_id as session_id, p.id as post_id, c.content as text,
            c.user_id as author_id, c.is_anonymous as anonymous,
            count(*) over (partition by p.user_id)::int as total,
            row_number() over (partition by p.user_id order by c.created_at desc, c.id desc) as rank
          ${repliesOf(members, week)}
        ) as item
        join users a on a.id = item.author_id
        where item.rank <= ${SHOWN}
        order by item.member_id, item.rank`,
    ),
    queryRows<{ member_id: number; days: string[] }>(
      db,
      sql`select ci.user_id as member_id, array_agg(distinct ci.day::text order by ci.day::text) as days
        ${checkInsOf(members, week)}
        group by ci.user_id`,
    ),
  ]);
  for (const row of records) {
    const content = contents.get(row.member_id)!;
    let room = content.rooms.find((news) => news.sessionId === row.session_id);
    if (!room) {
      room = { sessionId: row.session_id, title: row.title, records: row.total, latest: [] };
      content.rooms.push(room);
    }
    room.latest.push(itemOf(row));
  }
  for (const row of replies) {
    const content = contents.get(row.member_id)!;
    content.replies = row.total;
    content.latestReplies.push(itemOf(row));
  }
  for (const row of checkIns) contents.get(row.member_id)!.checkInDays = row.days;
  return contents;
}
