import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ritualSessionPosts, ritualSessionThreads, ritualSessionUsers, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../domain-errors.ts';
import { mentionedMembers } from '../../../lib/rooms.ts';
import type { ModelKind, NewCommentEvent } from '../models/kind.ts';
import type { Reader } from '../models/reader.ts';
import { notifyMention } from '../notifications/events.ts';
import { ROOM_MESSAGES } from './access.ts';
import { ROOM_POST_MESSAGES } from './schema.ts';

type RoomTable = typeof ritualSessionPosts | typeof ritualSessionThreads;

/**
 * A room's thing as `reader` may read it: only the room's members and staff, in one query (the
 * thing, the reader's seat in its room, the reader's site role).
 */
async function openInRoom(db: Db, table: RoomTable, reader: Reader, id: number, missing: string) {
  if (reader.userId === null) throw forbidden(ROOM_MESSAGES.notMember);
  const [row] = await db
    .select({ ownerId: table.userId, seat: ritualSessionUsers.id, siteRole: users.role })
    .from(table)
    .leftJoin(ritualSessionUsers, and(eq(ritualSessionUsers.ritualSessionId, table.ritualSessionId), eq(ritualSessionUsers.userId, reader.userId)))
    .leftJoin(users, eq(users.id, reader.userId))
    .where(eq(table.id, id));
  if (!row) throw notFound(missing);
  if (row.seat === null && (row.siteRole === null || row.siteRole === 'member')) throw forbidden(ROOM_MESSAGES.notMember);
  return { ownerId: row.ownerId, isAnonymous: false };
}

// A comment or a reaction is not an edit: updated_at stays.
const bump = async (tx: Db, table: RoomTable, column: 'commentsCount' | 'reactionsCount', id: number, delta: number) => {
  const target = table[column as keyof RoomTable] as typeof ritualSessionPosts.commentsCount;
  await tx
    .update(table)
    .set({ [column]: sql`greatest(${target} + ${delta}, 0)`, updatedAt: sql`${table.updatedAt}` })
    .where(eq(table.id, id));
};

/**
 * Mentions: `@nickname` of a member of the comment's room (longest names first, each member
 * once; the author is never told of their own mention). A name that is not a member's stays text.
 */
async function notifyMentions(tx: Db, comment: NewCommentEvent): Promise<void> {
  const { subject } = comment;
  if (!subject?.ritualSessionId || !comment.content.includes('@')) return;
  const members = await tx
    .select({ id: users.id, nickname: users.nickname })
    .from(ritualSessionUsers)
    .innerJoin(users, eq(users.id, ritualSessionUsers.userId))
    .where(and(eq(ritualSessionUsers.ritualSessionId, subject.ritualSessionId), isNull(users.deletedAt)));
  const mentioned = mentionedMembers(comment.content, members).map((member) => member.id);
  await notifyMention(tx, { mentionedUserIds: mentioned, comment, place: subject });
}

const titleOf = (title: string | null, excerpt: string): string => title || excerpt.slice(0, 40) || '리추얼 방의 글';

export const roomPostKind: ModelKind = {
  open: (db, reader, id) => openInRoom(db, ritualSessionPosts, reader, id, ROOM_POST_MESSAGES.notFound),
  async target(db, id) {
    const [row] = await db.select({ ownerId: ritualSessionPosts.userId }).from(ritualSessionPosts).where(eq(ritualSessionPosts.id, id));
    return row ? { ownerId: row.ownerId, isAnonymous: false } : null;
  },
  bumpComments: (tx, id, delta) => bump(tx, ritualSessionPosts, 'commentsCount', id, delta),
  bumpReactions: (tx, id, delta) => bump(tx, ritualSessionPosts, 'reactionsCount', id, delta),
  async subject(tx, id) {
    const [row] = await tx
      .select({
        ownerId: ritualSessionPosts.userId,
        title: ritualSessionPosts.title,
        excerpt: ritualSessionPosts.excerpt,
        sessionId: ritualSessionPosts.ritualSessionId,
      })
      .from(ritualSessionPosts)
      .where(eq(ritualSessionPosts.id, id));
    if (!row) return null;
    return {
      ownerId: row.ownerId,
      isAnonymous: false,
      title: titleOf(row.title, row.excerpt),
      squarePostCategorySlug: null,
      ritualSessionId: row.sessionId,
      ritualSessionThreadId: null,
      id,
    };
  },
  afterComment: notifyMentions,
};

export const roomThreadKind: ModelKind = {
  open: (db, reader, id) => openInRoom(db, ritualSessionThreads, reader, id, ROOM_POST_MESSAGES.threadNotFound),
  async target(db, id) {
    const [row] = await db.select({ ownerId: ritualSessionThreads.userId }).from(ritualSessionThreads).where(eq(ritualSessionThreads.id, id));
    return row ? { ownerId: row.ownerId, isAnonymous: false } : null;
  },
  bumpComments: (tx, id, delta) => bump(tx, ritualSessionThreads, 'commentsCount', id, delta),
  bumpReactions: (tx, id, delta) => bump(tx, ritualSessionThreads, 'reactionsCount', id, delta),
  async subject(tx, id) {
    const [row] = await tx
      .select({ ownerId: ritualSessionThreads.userId, title: ritualSessionThreads.title, sessionId: ritualSessionThreads.ritualSessionId })
      .from(ritualSessionThreads)
      .where(eq(ritualSessionThreads.id, id));
    if (!row) return null;
    // The thread's id builds the link (/room/{room}/thread/{thread}?isExternal=true).
    return {
      ownerId: row.ownerId,
      isAnonymous: false,
      title: row.title,
      squarePostCategorySlug: null,
      ritualSessionId: row.sessionId,
      ritualSessionThreadId: id,
      id,
    };
  },
  afterComment: notifyMentions,
};
