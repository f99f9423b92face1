import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { ritualSessionUsers, users } from '../../db/schema/index.ts';
import type { RitualSession, RoomPostCategory, User } from '../../db/schema/index.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../lib/moderation.ts';
import { isStaff } from '../square/permissions.ts';
import { decodeCursor, encodeCursor } from '../square/cursor.ts';

export const MEMBER_MESSAGES = {
  userNotFound: '회원을 찾을 수 없습니다.',
  notInRoom: '이 리추얼 방의 멤버가 아닙니다.',
} as const;

export interface MemberPostView {
  id: number;
  sessionId: number;
  sessionTitle: string;
  category: RoomPostCategory;
  title: string | null;
  excerpt: string;
  thumbnailUrl: string | null;
  isPublic: boolean;
  commentsCount: number;
  reactionsCount: number;
  createdAt: string;
}

export interface MemberPostPage {
  items: MemberPostView[];
  nextCursor: string | null;
}

type Viewer = Pick<User, 'id' | 'role'> | null;

/**
 * A member's room posts as `viewer` may see them: in the rooms the viewer is in too (every room for
 * staff), plus the posts the author made public. `sessionId` keeps to one room. Null when there is
 * no such member.
 */
export async function listMemberRoomPosts(
  db: Db,
  viewer: Viewer,
  authorId: number,
  options: { cursor?: string | undefined; perPage: number; sessionId?: number },
): Promise<MemberPostPage | null> {
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, authorId), isNull(users.deletedAt)));
  if (!author) return null;
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const visible =
    viewer && isStaff(viewer)
      ? sql`true`
      : viewer
        ? sql`(p.is_public or p.ritual_session_id in (select ritual_session_id from ritual_session_users where user_id = ${viewer.id}))`
        : sql`p.is_public and p.hidden_at is null`;
  const rows = await queryRows<{
    id: number;
    session_id: number;
    session_title: string;
    category: RoomPostCategory;
    title: string | null;
    excerpt: string;
    thumbnail_url: string | null;
    is_public: boolean;
    comments_count: number;
    reactions_count: number;
    created_at: string;
  }>(
    db,
    sql`select p.id, p.ritual_session_id as session_id, s.title as session_title, p.category,
        case when p.hidden_at is null then p.title else ${HIDDEN_CONTENT_TEXT} end as title,
        case when p.hidden_at is null then p.excerpt else ${HIDDEN_CONTENT_TEXT} end as excerpt,
        case when p.hidden_at is null then p.thumbnail_url end as thumbnail_url, p.is_public, p.comments_count, p.reactions_count,
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
      from ritual_session_posts p join ritual_sessions s on s.id = p.ritual_session_id
      where p.user_id = ${authorId} and ${visible}
        ${options.sessionId === undefined ? sql`` : sql`and p.ritual_session_id = ${options.sessionId}`}
        ${position ? sql`and (p.created_at, p.id) < (${position.at}::timestamptz, ${position.id})` : sql``}
      order by p.created_at desc, p.id desc
      limit ${options.perPage + 1}`,
  );
  const items = rows.slice(0, options.perPage).map((row) => ({
    id: row.id,
    sessionId: row.session_id,
    sessionTitle: row.session_title,
    category: row.category,
    title: row.title,
    excerpt: row.excerpt,
    thumbnailUrl: row.thumbnail_url,
    isPublic: row.is_public,
    commentsCount: row.comments_count,
    reactionsCount: row.reactions_count,
    createdAt: row.created_at,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > options.perPage && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

export interface RoomMember {
  id: number;
  nickname: string;
  username: string;
  profileImage: string | null;
  role: 'host' | 'member';
  sharesProgress: boolean;
}

/** A member of the room by username; null when nobody of that name is in it. */
export async function findRoomMember(db: Db, session: RitualSession, username: string): Promise<RoomMember | null> {
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      profileImage: users.profileImage,
      role: ritualSessionUsers.role,
      sharesProgress: ritualSessionUsers.sharesProgress,
    })
    .from(ritualSessionUsers)
    .innerJoin(users, eq(users.id, ritualSessionUsers.userId))
    .where(
      and(eq(ritualSessionUsers.ritualSessionId, session.id), sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)),
    );
  return row ?? null;
}
