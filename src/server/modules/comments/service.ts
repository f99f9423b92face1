import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonArray, jsonRowShape } from '../../db/json-rows.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { commentLikes, comments, users } from '../../db/schema/index.ts';
import type { Comment, User } from '../../db/schema/index.ts';
import { forbidden, invalidInput, notFound } from '../../domain-errors.ts';
import { modelKind } from '../models/registry.ts';
import { notifyComment, withdrawNotifications } from '../notifications/events.ts';
import { DELETED_MEMBER_NICKNAME } from '../users/resource.ts';
import { openForAction } from '../models/kind.ts';
import type { ModelTarget } from '../models/kind.ts';
import type { Reader } from '../models/reader.ts';
import { DELETED_COMMENT_TEXT } from '../../../lib/comments.ts';
import { HIDDEN_CONTENT_TEXT, HIDDEN_EDIT_MESSAGE } from '../../../lib/moderation.ts';
import { COMMENT_MESSAGES } from './schema.ts';

export const ANONYMOUS_NAME = '익명';
export const ANONYMOUS_OWNER_NAME = '익명(작성자)';

export interface CommentView {
  id: number;
  parentId: number | null;
  content: string;
  isAnonymous: boolean;
  author: { id: number; nickname: string; username: string; profileImage: string | null; deleted: boolean } | null;
  /** The name shown: the nickname, 익명, 익명(작성자), 탈퇴한 회원; null for a deleted comment. */
  authorName: string | null;
  likesCount: number;
  isLiked: boolean;
  isMine: boolean;
  isDeleted: boolean;
  /** Hidden by staff: `content` is the notice. */
  isHidden: boolean;
  createdAt: Date;
  updatedAt: Date;
  replies: CommentView[];
}

/** A comment with its author and whether the reader liked it: one row of the list, or one comment. */
interface CommentRow {
  id: number;
  userId: number;
  parentId: number | null;
  content: string;
  isAnonymous: boolean;
  likesCount: number;
  deletedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  authorId: number;
  authorNickname: string;
  authorUsername: string;
  authorProfileImage: string | null;
  authorDeletedAt: Date | null;
  isLiked: boolean;
}

/** The columns of a `CommentRow`, the reader's like asked for as the placeholder `userId`. */
const commentColumns = {
  id: comments.id,
  userId: comments.userId,
  parentId: comments.parentId,
  content: comments.content,
  isAnonymous: comments.isAnonymous,
  likesCount: comments.likesCount,
  deletedAt: comments.deletedAt,
  hiddenAt: comments.hiddenAt,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  authorId: users.id,
  authorNickname: users.nickname,
  authorUsername: users.username,
  authorProfileImage: users.profileImage,
  authorDeletedAt: users.deletedAt,
  isLiked: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${sql.placeholder('userId')})`,
};

function toView(comment: CommentRow, target: ModelTarget, viewerId: number | null): CommentView {
  const base = {
    isHidden: false,
    id: comment.id,
    parentId: comment.parentId,
    likesCount: comment.likesCount,
    isLiked: comment.isLiked,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    replies: [] as CommentView[],
  };
  if (comment.deletedAt) {
    return { ...base, content: DELETED_COMMENT_TEXT, isAnonymous: false, author: null, authorName: null, isMine: false, isDeleted: true };
  }
  const mine = viewerId !== null && comment.userId === viewerId;
  const hidden = comment.hiddenAt !== null;
  const shown = { ...base, content: hidden ? HIDDEN_CONTENT_TEXT : comment.content, isHidden: hidden, isMine: mine, isDeleted: false };
  if (comment.isAnonymous) {
    const byOwner = target.isAnonymous && comment.userId === target.ownerId;
    return { ...shown, isAnonymous: true, author: null, authorName: byOwner ? ANONYMOUS_OWNER_NAME : ANONYMOUS_NAME };
  }
  const deleted = comment.authorDeletedAt !== null;
  return {
    ...shown,
    isAnonymous: false,
    author: { id: comment.authorId, nickname: comment.authorNickname, username: comment.authorUsername, profileImage: comment.authorProfileImage, deleted },
    authorName: deleted ? DELETED_MEMBER_NICKNAME : comment.authorNickname,
  };
}

/** Top comments oldest first, each with its replies oldest first. */
function toTree(views: CommentView[]): CommentView[] {
  const tops = new Map<number, CommentView>();
  for (const view of views) if (view.parentId === null) tops.set(view.id, view);
  for (const view of views) if (view.parentId !== null) tops.get(view.parentId)?.replies.push(view);
  // A deleted comment stays only while it holds replies.
  return [...tops.values()].filter((view) => !view.isDeleted || view.replies.length > 0);
}

/**
 * The comments on one thing as a tree, in two queries whatever their number: the target, and the
 * comments with their authors and the reader's likes. Callers check access first.
 */
export async function listComments(
  db: Db,
  reader: Reader,
  modelType: string,
  modelId: number,
  /** The target as the caller has already read it (a post page has), saving the lookup. */
  known?: ModelTarget,
): Promise<CommentView[]> {
  const target = known ?? (await modelKind(modelType).target(db, modelId));
  if (!target) return [];
  const [answer] = await commentsQuery(db).execute({ modelType, modelId, userId: reader.userId });
  const rows = commentRow.parse(answer?.rows ?? '[]');
  // Guests (and search engines) get nothing of a hidden comment; its replies go with it.
  const readable = reader.userId === null ? rows.filter((row) => row.hiddenAt === null) : rows;
  return toTree(readable.map((row) => toView(row, target, reader.userId)));
}

const commentRow = jsonRowShape<CommentRow>(commentColumns, ['deletedAt', 'hiddenAt', 'createdAt', 'updatedAt', 'authorDeletedAt']);

// Every post page asks for its thread: built once per database, written out as one JSON array.
const commentsQuery = preparedQuery((db) => {
  const rows = db
    .select({ row: commentRow.row.as('row') })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.modelType, sql.placeholder('modelType')), eq(comments.modelId, sql.placeholder('modelId'))))
    .orderBy(asc(comments.id))
    .as('thread');
  return db.select({ rows: jsonArray(rows.row) }).from(rows).prepare('comments_of');
});

const oneCommentQuery = preparedQuery((db) =>
  db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, sql.placeholder('id')))
    .prepare('comment_one'),
);

async function loadView(db: Db, id: number, target: ModelTarget, viewerId: number): Promise<CommentView> {
  const [row] = await oneCommentQuery(db).execute({ id, userId: viewerId });
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return toView(row, target, viewerId);
}

export interface NewComment {
  modelType: string;
  modelId: number;
  content: string;
  parentId?: number | undefined;
  isAnonymous: boolean;
}

/** Adds a comment (a reply to a reply joins its top comment) and counts it on the target, in one transaction. */
export async function createComment(db: Db, reader: Reader & { userId: number }, input: NewComment): Promise<CommentView> {
  const kind = modelKind(input.modelType);
  const target = await openForAction(kind, db, reader, input.modelId);
  const ownerOfAnonymous = target.isAnonymous && target.ownerId === reader.userId;
  if (input.isAnonymous && !target.isAnonymous) {
    throw invalidInput({ is_anonymous: [COMMENT_MESSAGES.anonymousNotAllowed] });
  }
  let parentId: number | null = null;
  if (input.parentId !== undefined) {
    const [parent] = await db
      .select({ id: comments.id, parentId: comments.parentId, deletedAt: comments.deletedAt })
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.modelType, input.modelType), eq(comments.modelId, input.modelId)));
    if (!parent) throw invalidInput({ parent_id: [COMMENT_MESSAGES.parentMissing] });
    if (parent.deletedAt) throw invalidInput({ parent_id: [COMMENT_MESSAGES.parentDeleted] });
    parentId = parent.parentId ?? parent.id;
  }
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(comments)
      .values({
        modelType: input.modelType,
        modelId: input.modelId,
        userId: reader.userId,
        parentId,
        content: input.content,
        // The author of an anonymous post would give themself away by name in its comments.
        isAnonymous: input.isAnonymous || ownerOfAnonymous,
      })
      .returning({ id: comments.id, isAnonymous: comments.isAnonymous });
    await kind.bumpComments(tx, input.modelId, 1);
    // Read once here: the notifications and the kind's own additions (a room's mentions) share it.
    const subject = await kind.subject(tx, input.modelId);
    await notifyComment(tx, {
      id: created!.id,
      userId: reader.userId,
      subject,
      isAnonymous: created!.isAnonymous,
      repliedToId: input.parentId ?? null,
    });
    await kind.afterComment?.(tx, {
      id: created!.id,
      userId: reader.userId,
      content: input.content,
      isAnonymous: created!.isAnonymous,
      subject,
    });
    return created!.id;
  });
  return loadView(db, id, target, reader.userId);
}

async function findLiveComment(db: Db, id: number): Promise<Comment> {
  const [comment] = await db.select().from(comments).where(eq(comments.id, id));
  if (!comment || comment.deletedAt) throw notFound(COMMENT_MESSAGES.notFound);
  return comment;
}

/** The author changes the text; the target must still be readable to them. */
export async function updateComment(db: Db, reader: Reader & { userId: number }, id: number, content: string): Promise<CommentView> {
  const comment = await findLiveComment(db, id);
  const target = await openForAction(modelKind(comment.modelType), db, reader, comment.modelId);
  if (comment.userId !== reader.userId) throw forbidden(COMMENT_MESSAGES.notMine);
  if (comment.hiddenAt) throw forbidden(HIDDEN_EDIT_MESSAGE);
  await db.update(comments).set({ content }).where(eq(comments.id, id));
  return loadView(db, id, target, reader.userId);
}

/**
 * The author (or staff) deletes a comment. One with replies is blanked so the thread keeps its
 * shape; the last reply under a blanked comment takes the blanked comment with it. The target's
 * count drops by one in the same transaction.
 */
export async function deleteComment(db: Db, user: Pick<User, 'id' | 'role'>, id: number): Promise<void> {
  const comment = await findLiveComment(db, id);
  if (comment.userId !== user.id && user.role === 'member') throw forbidden(COMMENT_MESSAGES.notMine);
  const kind = modelKind(comment.modelType);
  await db.transaction(async (tx) => {
    // Locks the row, so two deletes of one comment count it out once.
    const [live] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
      .for('update');
    if (!live) return;
    const [reply] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.parentId, id)).limit(1);
    if (reply) {
      await tx.delete(commentLikes).where(eq(commentLikes.commentId, id));
      await tx.update(comments).set({ deletedAt: new Date(), content: '', likesCount: 0 }).where(eq(comments.id, id));
    } else {
      await tx.delete(comments).where(eq(comments.id, id));
      if (comment.parentId !== null) await removeEmptyBlankedParent(tx, comment.parentId);
    }
    await kind.bumpComments(tx, comment.modelId, -1);
    // Blanked or gone, the comment no longer says anything, so neither do its notifications.
    await withdrawNotifications(tx, 'comment', [id]);
  });
}

async function removeEmptyBlankedParent(tx: Db, parentId: number): Promise<void> {
  await tx.execute(sql`
    delete from ${comments}
    where ${comments.id} = ${parentId} and ${comments.deletedAt} is not null
      and not exists (select 1 from ${comments} as reply where reply.parent_id = ${parentId})`);
}

/** Toggles the reader's like; the count moves only when a row really went in or out. */
export async function toggleCommentLike(db: Db, reader: Reader & { userId: number }, id: number): Promise<{ liked: boolean; likesCount: number }> {
  const comment = await findLiveComment(db, id);
  await openForAction(modelKind(comment.modelType), db, reader, comment.modelId);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(commentLikes)
      .values({ commentId: id, userId: reader.userId })
      .onConflictDoNothing()
      .returning({ id: commentLikes.commentId });
    const liked = inserted.length > 0;
    let delta = 1;
    if (!liked) {
      const removed = await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.commentId, id), eq(commentLikes.userId, reader.userId)))
        .returning({ id: commentLikes.commentId });
      delta = -removed.length;
    }
    const [row] = await tx
      .update(comments)
      .set({ likesCount: sql`greatest(${comments.likesCount} + ${delta}, 0)`, updatedAt: sql`${comments.updatedAt}` })
      .where(eq(comments.id, id))
      .returning({ likesCount: comments.likesCount });
    return { liked, likesCount: row?.likesCount ?? 0 };
  });
}
