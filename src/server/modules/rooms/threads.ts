import { and, desc, eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQueries } from '../../db/prepared.ts';
import { ritualSessionThreads, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../domain-errors.ts';
import { listComments } from '../comments/service.ts';
import type { CommentView } from '../comments/service.ts';
import { reactionSummary } from '../reactions/service.ts';
import type { ReactionSummary } from '../reactions/service.ts';
import { after, decodeCursor, pageOf, positionTime } from '../square/cursor.ts';
import { leadsRoom, roomAccess } from './access.ts';
import { assertPostingOpen, prepareRoomContent } from './content.ts';
import type { RoomAuthorView } from './posts.ts';
import { deleteHungOn } from './posts.ts';
import { ROOM_POST_MESSAGES } from './schema.ts';
import type { RoomViewer } from './service.ts';

export const ROOM_THREAD_MODEL = 'ritual_session_thread';

export interface RoomThreadItemView {
  id: number;
  ritualSessionId: number;
  title: string;
  excerpt: string;
  thumbnailUrl: string | null;
  author: RoomAuthorView;
  commentsCount: number;
  reactionsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoomThreadDetailView extends RoomThreadItemView {
  contentHtml: string;
  isMine: boolean;
  canEdit: boolean;
  canDelete: boolean;
  comments: CommentView[];
  reactions: ReactionSummary;
}

const columns = {
  id: ritualSessionThreads.id,
  ritualSessionId: ritualSessionThreads.ritualSessionId,
  title: ritualSessionThreads.title,
  excerpt: ritualSessionThreads.excerpt,
  thumbnailUrl: ritualSessionThreads.thumbnailUrl,
  commentsCount: ritualSessionThreads.commentsCount,
  reactionsCount: ritualSessionThreads.reactionsCount,
  createdAt: ritualSessionThreads.createdAt,
  updatedAt: ritualSessionThreads.updatedAt,
  authorId: users.id,
  authorNickname: users.nickname,
  authorUsername: users.username,
  authorProfileImage: users.profileImage,
};

type Row = Omit<RoomThreadItemView, 'author'> & { authorId: number; authorNickname: string; authorUsername: string; authorProfileImage: string | null };

const itemView = (row: Row): RoomThreadItemView => ({
  id: row.id,
  ritualSessionId: row.ritualSessionId,
  title: row.title,
  excerpt: row.excerpt,
  thumbnailUrl: row.thumbnailUrl,
  author: { id: row.authorId, nickname: row.authorNickname, username: row.authorUsername, profileImage: row.authorProfileImage },
  commentsCount: row.commentsCount,
  reactionsCount: row.reactionsCount,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

// The room home shows the newest few on every visit: that first page is built once per database.
const newestThreadsQuery = preparedQueries((db, perPage: number) =>
  db
    .select({ ...columns, cursorAt: positionTime(ritualSessionThreads.createdAt) })
    .from(ritualSessionThreads)
    .innerJoin(users, eq(users.id, ritualSessionThreads.userId))
    .where(eq(ritualSessionThreads.ritualSessionId, sql.placeholder('sessionId')))
    .orderBy(desc(ritualSessionThreads.createdAt), desc(ritualSessionThreads.id))
    .limit(literalLimit(perPage + 1))
    .prepare(`room_newest_threads_${perPage}`),
);

/** A page of the room's threads, newest first, for a caller that has already checked the room rule. */
export async function roomThreadsPage(
  db: Db,
  sessionId: number,
  options: { cursor?: string | undefined; perPage: number },
): Promise<{ items: RoomThreadItemView[]; nextCursor: string | null }> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = position
    ? await db
        .select({ ...columns, cursorAt: positionTime(ritualSessionThreads.createdAt) })
        .from(ritualSessionThreads)
        .innerJoin(users, eq(users.id, ritualSessionThreads.userId))
        .where(and(eq(ritualSessionThreads.ritualSessionId, sessionId), after(ritualSessionThreads.createdAt, ritualSessionThreads.id, position)))
        .orderBy(desc(ritualSessionThreads.createdAt), desc(ritualSessionThreads.id))
        .limit(options.perPage + 1)
    : await newestThreadsQuery(db, options.perPage).execute({ sessionId });
  const page = pageOf(rows, options.perPage, (row) => ({ at: row.cursorAt, id: row.id }));
  return { items: page.items.map(itemView), nextCursor: page.nextCursor };
}

export async function listRoomThreads(
  db: Db,
  user: RoomViewer,
  sessionId: number,
  options: { cursor?: string | undefined; perPage: number },
): Promise<{ items: RoomThreadItemView[]; nextCursor: string | null }> {
  // The cursor is read before the room rule: a spoiled one is the caller's error whoever asks.
  if (options.cursor) decodeCursor(options.cursor);
  await roomAccess(db, user, sessionId);
  return roomThreadsPage(db, sessionId, options);
}

async function threadRow(db: Db, sessionId: number, threadId: number) {
  const [row] = await db
    .select({ ...columns, contentHtml: ritualSessionThreads.contentHtml, userId: ritualSessionThreads.userId })
    .from(ritualSessionThreads)
    .innerJoin(users, eq(users.id, ritualSessionThreads.userId))
    .where(and(eq(ritualSessionThreads.id, threadId), eq(ritualSessionThreads.ritualSessionId, sessionId)));
  if (!row) throw notFound(ROOM_POST_MESSAGES.threadNotFound);
  return row;
}

export async function findRoomThread(db: Db, user: RoomViewer, sessionId: number, threadId: number): Promise<RoomThreadDetailView> {
  const access = await roomAccess(db, user, sessionId);
  const row = await threadRow(db, sessionId, threadId);
  const [threadComments, reactions] = await Promise.all([
    listComments(db, { userId: user.id, sessionId: null }, ROOM_THREAD_MODEL, threadId, { ownerId: row.userId, isAnonymous: false }),
    reactionSummary(db, { userId: user.id }, ROOM_THREAD_MODEL, threadId),
  ]);
  return {
    ...itemView(row),
    contentHtml: row.contentHtml,
    isMine: row.userId === user.id,
    canEdit: row.userId === user.id || access.isStaff,
    canDelete: row.userId === user.id || leadsRoom(access),
    comments: threadComments,
    reactions,
  };
}

export interface RoomThreadDraft {
  title: string;
  content: string;
  images?: File[] | undefined;
}

export async function createRoomThread(
  db: Db,
  storage: FileStorage,
  user: RoomViewer,
  sessionId: number,
  draft: RoomThreadDraft,
  now = new Date(),
): Promise<number> {
  const access = await roomAccess(db, user, sessionId);
  assertPostingOpen(access.session, now);
  const content = await prepareRoomContent(storage, user.id, draft.content, draft.images);
  const [row] = await db
    .insert(ritualSessionThreads)
    .values({ ritualSessionId: sessionId, userId: user.id, title: draft.title, ...content, createdAt: now, updatedAt: now })
    .returning({ id: ritualSessionThreads.id });
  if (!row) throw new Error('room thread insert returned no row');
  return row.id;
}

export async function updateRoomThread(
  db: Db,
  storage: FileStorage,
  user: RoomViewer,
  sessionId: number,
  threadId: number,
  draft: RoomThreadDraft,
  now = new Date(),
): Promise<void> {
  const access = await roomAccess(db, user, sessionId);
  const row = await threadRow(db, sessionId, threadId);
  if (row.userId !== user.id && !access.isStaff) throw forbidden(ROOM_POST_MESSAGES.notMine);
  assertPostingOpen(access.session, now);
  const content = await prepareRoomContent(storage, user.id, draft.content, draft.images);
  await db
    .update(ritualSessionThreads)
    .set({ title: draft.title, ...content, updatedAt: now })
    .where(eq(ritualSessionThreads.id, threadId));
}

export async function deleteRoomThread(db: Db, user: RoomViewer, sessionId: number, threadId: number): Promise<void> {
  const access = await roomAccess(db, user, sessionId);
  const row = await threadRow(db, sessionId, threadId);
  if (row.userId !== user.id && !leadsRoom(access)) throw forbidden(ROOM_POST_MESSAGES.notMine);
  await deleteHungOn(db, ROOM_THREAD_MODEL, threadId, (tx) => tx.delete(ritualSessionThreads).where(eq(ritualSessionThreads.id, threadId)));
}
