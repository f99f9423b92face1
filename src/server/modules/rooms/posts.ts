import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { jsonArray, jsonRowShape } from '../../db/json-rows.ts';
import { literalLimit, preparedQueries, preparedQuery } from '../../db/prepared.ts';
import {
  commentLikes,
  comments,
  reactions,
  ritualSessionPostReads,
  ritualSessionPosts,
  ritualSessions,
  saves,
  users,
} from '../../db/schema/index.ts';
import type { RoomPostCategory } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../domain-errors.ts';
import { HIDDEN_CONTENT_TEXT, HIDDEN_EDIT_MESSAGE } from '../../../lib/moderation.ts';
import type { RoomTab } from '../../../lib/rooms.ts';
import { listComments } from '../comments/service.ts';
import type { CommentView } from '../comments/service.ts';
import { withdrawNotifications } from '../notifications/events.ts';
import { memberReactionsJson, summaryFromJson } from '../reactions/service.ts';
import type { ReactionSummary } from '../reactions/service.ts';
import { after, afterPlaceholder, decodeCursor, pageOf, positionTime } from '../square/cursor.ts';
import { leadsRoom, roomAccess } from './access.ts';
import type { RoomAccess } from './access.ts';
import { assertPostingOpen, prepareRoomContent } from './content.ts';
import { ROOM_POST_MESSAGES } from './schema.ts';
import type { RoomViewer } from './service.ts';

export const ROOM_POST_MODEL = 'ritual_session_post';

export interface RoomAuthorView {
  id: number;
  nickname: string;
  username: string;
  profileImage: string | null;
}

export interface RoomPostItemView {
  id: number;
  ritualSessionId: number;
  category: RoomPostCategory;
  title: string | null;
  excerpt: string;
  thumbnailUrl: string | null;
  isPublic: boolean;
  author: RoomAuthorView;
  commentsCount: number;
  reactionsCount: number;
  readsCount: number;
  /** Hidden by staff: title and excerpt are the notice. */
  isHidden: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoomPostDetailView extends RoomPostItemView {
  contentHtml: string;
  reactions: ReactionSummary;
  isSaved: boolean;
  isMine: boolean;
  canEdit: boolean;
  canDelete: boolean;
  comments: CommentView[];
}

export interface RoomPostPage {
  items: RoomPostItemView[];
  nextCursor: string | null;
}

const itemColumns = {
  id: ritualSessionPosts.id,
  ritualSessionId: ritualSessionPosts.ritualSessionId,
  category: ritualSessionPosts.category,
  title: ritualSessionPosts.title,
  excerpt: ritualSessionPosts.excerpt,
  thumbnailUrl: ritualSessionPosts.thumbnailUrl,
  isPublic: ritualSessionPosts.isPublic,
  commentsCount: ritualSessionPosts.commentsCount,
  reactionsCount: ritualSessionPosts.reactionsCount,
  readsCount: ritualSessionPosts.readsCount,
  hiddenAt: ritualSessionPosts.hiddenAt,
  createdAt: ritualSessionPosts.createdAt,
  updatedAt: ritualSessionPosts.updatedAt,
  authorId: users.id,
  authorNickname: users.nickname,
  authorUsername: users.username,
  authorProfileImage: users.profileImage,
};

type ItemRow = Omit<RoomPostItemView, 'author' | 'isHidden'> & {
  hiddenAt: Date | null;
  authorId: number;
  authorNickname: string;
  authorUsername: string;
  authorProfileImage: string | null;
};

// Rooms are read by their members only, and they see what staff hid as the notice.
const itemView = (row: ItemRow): RoomPostItemView => ({
  id: row.id,
  ritualSessionId: row.ritualSessionId,
  category: row.category,
  title: row.hiddenAt === null ? row.title : HIDDEN_CONTENT_TEXT,
  excerpt: row.hiddenAt === null ? row.excerpt : HIDDEN_CONTENT_TEXT,
  thumbnailUrl: row.hiddenAt === null ? row.thumbnailUrl : null,
  isPublic: row.isPublic,
  author: { id: row.authorId, nickname: row.authorNickname, username: row.authorUsername, profileImage: row.authorProfileImage },
  commentsCount: row.commentsCount,
  reactionsCount: row.reactionsCount,
  readsCount: row.readsCount,
  isHidden: row.hiddenAt !== null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const feedRow = jsonRowShape<ItemRow & { cursorAt: string }>({ ...itemColumns, cursorAt: positionTime(ritualSessionPosts.createdAt) }, [
  'createdAt',
  'updatedAt',
  'hiddenAt',
]);

// The room home asks for a tab's first page every morning: built once per database, the limit in
// the SQL, the page written out by the database as one JSON array.
const feedQuery = preparedQueries((db, key: `${RoomTab}:${'first' | 'next'}:${number}`) => {
  const [tab, page, perPage] = key.split(':') as [RoomTab, 'first' | 'next', string];
  const inTab = tab === 'notice' ? eq(ritualSessionPosts.category, 'notice') : ne(ritualSessionPosts.category, 'notice');
  const rows = db
    .select({ row: feedRow.row.as('row') })
    .from(ritualSessionPosts)
    .innerJoin(users, eq(users.id, ritualSessionPosts.userId))
    .where(
      and(
        eq(ritualSessionPosts.ritualSessionId, sql.placeholder('sessionId')),
        inTab,
        page === 'next' ? afterPlaceholder(ritualSessionPosts.createdAt, ritualSessionPosts.id) : undefined,
      ),
    )
    .orderBy(desc(ritualSessionPosts.createdAt), desc(ritualSessionPosts.id))
    .limit(literalLimit(Number(perPage) + 1))
    .as('page');
  return db.select({ rows: jsonArray(rows.row) }).from(rows).prepare(`room_posts_${tab}_${page}_${perPage}`);
});

/** One tab of the room's posts, newest first: `check` holds every record, `notice` the notices. */
export async function listRoomPosts(
  db: Db,
  user: RoomViewer,
  sessionId: number,
  options: { tab: RoomTab; cursor?: string | undefined; perPage: number },
): Promise<RoomPostPage> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  await roomAccess(db, user, sessionId);
  return roomPostsPage(db, sessionId, options.tab, position, options.perPage);
}

/** A page of a tab for a caller that has checked access (the room's own page). */
export async function roomPostsPage(
  db: Db,
  sessionId: number,
  tab: RoomTab,
  position: { at: string; id: number } | null,
  perPage: number,
): Promise<RoomPostPage> {
  const [answer] = position
    ? await feedQuery(db, `${tab}:next:${perPage}`).execute({ sessionId, at: position.at, id: position.id })
    : await feedQuery(db, `${tab}:first:${perPage}`).execute({ sessionId });
  const rows = feedRow.parse(answer?.rows ?? '[]');
  const page = pageOf(rows, perPage, (row) => ({ at: row.cursorAt, id: row.id }));
  return { items: page.items.map(itemView), nextCursor: page.nextCursor };
}

async function postRow(db: Db, sessionId: number, postId: number) {
  const [row] = await db
    .select({ ...itemColumns, contentHtml: ritualSessionPosts.contentHtml, userId: ritualSessionPosts.userId })
    .from(ritualSessionPosts)
    .innerJoin(users, eq(users.id, ritualSessionPosts.userId))
    .where(and(eq(ritualSessionPosts.id, postId), eq(ritualSessionPosts.ritualSessionId, sessionId)));
  if (!row) throw notFound(ROOM_POST_MESSAGES.notFound);
  return row;
}

// A post page's own questions, asked on every visit: built once per database. The reader's save
// comes with the post rather than in a query of its own.
const postPageQuery = preparedQuery((db) =>
  db
    .select({
      ...itemColumns,
      contentHtml: ritualSessionPosts.contentHtml,
      userId: ritualSessionPosts.userId,
      isSaved: sql<boolean>`exists (select 1 from ${saves} where ${saves.userId} = ${sql.placeholder('userId')} and ${saves.modelType} = ${ROOM_POST_MODEL} and ${saves.modelId} = ${ritualSessionPosts.id})`,
      reactions: memberReactionsJson(ROOM_POST_MODEL, ritualSessionPosts.id, sql.placeholder('userId')),
    })
    .from(ritualSessionPosts)
    .innerJoin(users, eq(users.id, ritualSessionPosts.userId))
    .where(and(eq(ritualSessionPosts.id, sql.placeholder('postId')), eq(ritualSessionPosts.ritualSessionId, sql.placeholder('sessionId'))))
    .prepare('room_post_page'),
);

// The first read goes in and is counted in one statement: no transaction, so the page never holds
// the embedded database's one connection while other requests wait for it.
const readQuery = preparedQuery((db) => {
  const read = db.$with('read').as(
    db
      .insert(ritualSessionPostReads)
      .values({ ritualSessionPostId: sql.placeholder('postId'), userId: sql.placeholder('userId') })
      .onConflictDoNothing()
      .returning({ userId: ritualSessionPostReads.userId }),
  );
  return db
    .with(read)
    .update(ritualSessionPosts)
    .set({ readsCount: sql`${ritualSessionPosts.readsCount} + 1`, updatedAt: sql`${ritualSessionPosts.updatedAt}` })
    .where(and(eq(ritualSessionPosts.id, sql.placeholder('postId')), sql`exists (select 1 from ${read})`))
    .returning({ id: ritualSessionPosts.id })
    .prepare('room_post_read');
});

/** Counts the member's first read of a post; later reads change nothing. */
async function recordRead(db: Db, postId: number, userId: number): Promise<boolean> {
  const counted = await readQuery(db).execute({ postId, userId });
  return counted.length > 0;
}

const canChange = (access: RoomAccess, ownerId: number, userId: number) => ({
  canEdit: ownerId === userId || access.isStaff,
  canDelete: ownerId === userId || leadsRoom(access),
});

/** A room post with its reactions, comments and the reader's state; reading it counts the reader once. */
export async function findRoomPost(db: Db, user: RoomViewer, sessionId: number, postId: number): Promise<RoomPostDetailView> {
  // Read together, the post only used once the door is known to be open: each wait for the
  // database is a turn of every request on the server, and a page of eight turns queued behind
  // the others (measured: the server's thread idle a sixth of the time under load).
  const [access, [row]] = await Promise.all([roomAccess(db, user, sessionId), postPageQuery(db).execute({ postId, sessionId, userId: user.id })]);
  if (!row) throw notFound(ROOM_POST_MESSAGES.notFound);
  const reader = { userId: user.id, sessionId: null };
  const [counted, postComments] = await Promise.all([
    row.userId !== user.id && recordRead(db, postId, user.id),
    listComments(db, reader, ROOM_POST_MODEL, postId, { ownerId: row.userId, isAnonymous: false }),
  ]);
  return {
    ...itemView({ ...row, readsCount: row.readsCount + (counted ? 1 : 0) }),
    contentHtml: row.hiddenAt === null ? row.contentHtml : `<p>${HIDDEN_CONTENT_TEXT}</p>`,
    reactions: summaryFromJson(row.reactions),
    isSaved: row.isSaved,
    isMine: row.userId === user.id,
    ...canChange(access, row.userId, user.id),
    comments: postComments,
  };
}

export interface PublicRoomPostView extends RoomPostItemView {
  roomTitle: string;
  contentHtml: string;
}

/** A post its author made public, for anyone holding the link; any other post (or one staff hid) is 404 alike. */
export async function findPublicRoomPost(db: Db, sessionId: number, postId: number): Promise<PublicRoomPostView> {
  const [row] = await db
    .select({ ...itemColumns, contentHtml: ritualSessionPosts.contentHtml, roomTitle: ritualSessions.title })
    .from(ritualSessionPosts)
    .innerJoin(users, eq(users.id, ritualSessionPosts.userId))
    .innerJoin(ritualSessions, eq(ritualSessions.id, ritualSessionPosts.ritualSessionId))
    .where(
      and(
        eq(ritualSessionPosts.id, postId),
        eq(ritualSessionPosts.ritualSessionId, sessionId),
        eq(ritualSessionPosts.isPublic, true),
        isNull(ritualSessionPosts.hiddenAt),
      ),
    );
  if (!row) throw notFound(ROOM_POST_MESSAGES.notPublic);
  return { ...itemView(row), roomTitle: row.roomTitle, contentHtml: row.contentHtml };
}

export interface RoomPostDraft {
  category: RoomPostCategory;
  title: string | null;
  content: string;
  images?: File[] | undefined;
  isPublic: boolean;
}

/** Notices are the host's and staff's; members write the five others while the room is open for writing. */
function checkDraft(access: RoomAccess, draft: RoomPostDraft, now: Date): void {
  if (draft.category === 'notice') {
    if (!leadsRoom(access)) throw forbidden(ROOM_POST_MESSAGES.noticeLeadersOnly);
    // The host may greet the room before it opens and speak to it after.
    return;
  }
  assertPostingOpen(access.session, now);
}

export async function createRoomPost(
  db: Db,
  storage: FileStorage,
  user: RoomViewer,
  sessionId: number,
  draft: RoomPostDraft,
  now = new Date(),
): Promise<number> {
  const access = await roomAccess(db, user, sessionId);
  checkDraft(access, draft, now);
  const content = await prepareRoomContent(storage, user.id, draft.content, draft.images);
  const [row] = await db
    .insert(ritualSessionPosts)
    .values({
      ritualSessionId: sessionId,
      userId: user.id,
      category: draft.category,
      title: draft.title,
      ...content,
      isPublic: draft.isPublic,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: ritualSessionPosts.id });
  if (!row) throw new Error('room post insert returned no row');
  return row.id;
}

/** Only the author (or staff) changes a post, under the same rules as writing it. */
export async function updateRoomPost(
  db: Db,
  storage: FileStorage,
  user: RoomViewer,
  sessionId: number,
  postId: number,
  draft: RoomPostDraft,
  now = new Date(),
): Promise<void> {
  const access = await roomAccess(db, user, sessionId);
  const row = await postRow(db, sessionId, postId);
  if (!canChange(access, row.userId, user.id).canEdit) throw forbidden(ROOM_POST_MESSAGES.notMine);
  if (row.hiddenAt) throw forbidden(HIDDEN_EDIT_MESSAGE);
  checkDraft(access, draft, now);
  const content = await prepareRoomContent(storage, user.id, draft.content, draft.images);
  await db
    .update(ritualSessionPosts)
    .set({ category: draft.category, title: draft.title, ...content, isPublic: draft.isPublic, updatedAt: now })
    .where(eq(ritualSessionPosts.id, postId));
}

/** Removes a post with everything hung on it (comments and their likes, reactions, saves, notifications). */
export async function deleteRoomPost(db: Db, user: RoomViewer, sessionId: number, postId: number): Promise<void> {
  const access = await roomAccess(db, user, sessionId);
  const row = await postRow(db, sessionId, postId);
  if (!canChange(access, row.userId, user.id).canDelete) throw forbidden(ROOM_POST_MESSAGES.notMine);
  await deleteHungOn(db, ROOM_POST_MODEL, postId, (tx) => tx.delete(ritualSessionPosts).where(eq(ritualSessionPosts.id, postId)));
}

/** Deletes a room post or thread and what hangs on it, all or nothing. */
export async function deleteHungOn(db: Db, modelType: string, modelId: number, removeTarget: (tx: Db) => Promise<unknown>): Promise<void> {
  const of = (table: typeof comments | typeof reactions | typeof saves) => and(eq(table.modelType, modelType), eq(table.modelId, modelId));
  await db.transaction(async (tx) => {
    const hungComments = tx.select({ id: comments.id }).from(comments).where(of(comments));
    await tx.delete(commentLikes).where(inArray(commentLikes.commentId, hungComments));
    await withdrawNotifications(tx, 'comment', hungComments);
    await withdrawNotifications(tx, 'reaction', tx.select({ id: reactions.id }).from(reactions).where(of(reactions)));
    await tx.delete(comments).where(of(comments));
    await tx.delete(reactions).where(of(reactions));
    await tx.delete(saves).where(of(saves));
    await removeTarget(tx);
  });
}

export interface RoomReaderView extends RoomAuthorView {
  readAt: Date;
}

// The modal shows faces, and a room holds at most a few dozen members.
const READERS_MAX = 300;

/** Who read a post, newest read first; its author never counts as a reader. */
export async function listPostReaders(db: Db, user: RoomViewer, sessionId: number, postId: number): Promise<RoomReaderView[]> {
  await roomAccess(db, user, sessionId);
  await postRow(db, sessionId, postId);
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      profileImage: users.profileImage,
      readAt: ritualSessionPostReads.readAt,
    })
    .from(ritualSessionPostReads)
    .innerJoin(users, eq(users.id, ritualSessionPostReads.userId))
    .where(and(eq(ritualSessionPostReads.ritualSessionPostId, postId), sql`${users.deletedAt} is null`))
    .orderBy(desc(ritualSessionPostReads.readAt))
    .limit(READERS_MAX);
}

/**
 * The member's saved room posts, newest saved first; posts of rooms they are no longer in stay
 * out (staff see all they saved).
 */
export async function listSavedRoomPosts(
  db: Db,
  user: RoomViewer,
  options: { cursor?: string | undefined; perPage: number },
): Promise<RoomPostPage> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const member =
    user.role === 'member'
      ? sql`exists (select 1 from ritual_session_users rsu where rsu.ritual_session_id = ${ritualSessionPosts.ritualSessionId} and rsu.user_id = ${user.id})`
      : undefined;
  const rows = await db
    .select({ ...itemColumns, saveId: saves.id, cursorAt: positionTime(saves.createdAt) })
    .from(saves)
    .innerJoin(ritualSessionPosts, eq(ritualSessionPosts.id, saves.modelId))
    .innerJoin(users, eq(users.id, ritualSessionPosts.userId))
    .where(
      and(
        eq(saves.userId, user.id),
        eq(saves.modelType, ROOM_POST_MODEL),
        member,
        position ? after(saves.createdAt, saves.id, position) : undefined,
      ),
    )
    .orderBy(desc(saves.createdAt), desc(saves.id))
    .limit(options.perPage + 1);
  const page = pageOf(rows, options.perPage, (row) => ({ at: row.cursorAt, id: row.saveId }));
  return { items: page.items.map(itemView), nextCursor: page.nextCursor };
}
