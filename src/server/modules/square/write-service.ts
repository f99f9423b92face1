import { and, eq, inArray } from 'drizzle-orm';
import { HIDDEN_EDIT_MESSAGE } from '../../../lib/moderation.ts';
import { isPrivateKey } from '../../adapters/storage/storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { commentLikes, comments, reactions, saves, squarePosts, squareUnlocks } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { forbidden, invalidInput, notFound } from '../../domain-errors.ts';
import { plainTextOf, sanitizeMemberHtml } from '../../html/sanitize.ts';
import { hashPassword } from '../auth/password.ts';
import { withdrawNotifications } from '../notifications/events.ts';
import { forgetSearchItem } from '../search/grams.ts';
import { indexSquarePost } from '../search/square-posts.ts';
import { canPost, isStaff } from './permissions.ts';
import { EXCERPT_MAX, POST_CONTENT_MAX, SQUARE_MESSAGES } from './schema.ts';
import { SQUARE_POST_MODEL } from './service.ts';

export type Author = Pick<User, 'id' | 'role' | 'emailVerifiedAt'>;

export interface PostDraft {
  categoryId: number;
  title: string;
  content: string;
  isAnonymous: boolean;
  isNotice: boolean;
  /** A new password; undefined keeps the current one (none for a new post). */
  password: string | undefined;
}

export interface PostChanges extends PostDraft {
  removePassword: boolean;
}

const FIRST_IMAGE = /<img\b[^>]*?\ssrc="([^"]+)"/i;

/** The stored form of a post's body: sanitised HTML, its plain-text excerpt and its first picture. */
export function preparePostContent(storage: FileStorage, content: string) {
  const html = sanitizeMemberHtml(content, {
    isOwnImage: (src) => {
      const key = storage.keyOf(src);
      return key !== null && !isPrivateKey(key);
    },
  });
  if (html.length > POST_CONTENT_MAX) throw invalidInput({ content: [SQUARE_MESSAGES.contentTooLong] });
  const text = plainTextOf(html);
  const thumbnailUrl = FIRST_IMAGE.exec(html)?.[1] ?? null;
  if (!text && !thumbnailUrl) throw invalidInput({ content: [SQUARE_MESSAGES.content] });
  return { contentHtml: html, excerpt: text.slice(0, EXCERPT_MAX), thumbnailUrl };
}

/** Refuses what the member may not do in the chosen category; answers 422 for a category that does not exist. */
async function checkCategory(db: Db, user: Author, draft: PostDraft): Promise<void> {
  const verdict = await canPost(db, user, draft.categoryId);
  if (!verdict) throw invalidInput({ square_post_category_id: [SQUARE_MESSAGES.unknownCategory] });
  if (!verdict.canPost) throw forbidden(verdict.reason ?? undefined);
  if (draft.isAnonymous && !verdict.allowsAnonymous) throw invalidInput({ is_anonymous: [SQUARE_MESSAGES.noAnonymous] });
}

export async function createSquarePost(db: Db, storage: FileStorage, user: Author, draft: PostDraft): Promise<number> {
  await checkCategory(db, user, draft);
  if (draft.isNotice && !isStaff(user)) throw forbidden(SQUARE_MESSAGES.noticeStaffOnly);
  const content = preparePostContent(storage, draft.content);
  const passwordHash = draft.password === undefined ? null : await hashPassword(draft.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(squarePosts)
      .values({
        squarePostCategoryId: draft.categoryId,
        userId: user.id,
        title: draft.title,
        ...content,
        isAnonymous: draft.isAnonymous,
        isNotice: draft.isNotice,
        passwordHash,
      })
      .returning({ id: squarePosts.id });
    if (!row) throw new Error('square post insert returned no row');
    await indexSquarePost(tx, row.id);
    return row.id;
  });
}

/** The post's author and staff may change or remove it; anyone else is refused. */
async function ownedPost(db: Db, user: Author, postId: number) {
  const [post] = await db
    .select({ userId: squarePosts.userId, isNotice: squarePosts.isNotice, categoryId: squarePosts.squarePostCategoryId, hiddenAt: squarePosts.hiddenAt })
    .from(squarePosts)
    .where(eq(squarePosts.id, postId));
  if (!post) throw notFound(SQUARE_MESSAGES.notFound);
  if (post.userId !== user.id && !isStaff(user)) throw forbidden(SQUARE_MESSAGES.notMine);
  return post;
}

export async function updateSquarePost(db: Db, storage: FileStorage, user: Author, postId: number, changes: PostChanges): Promise<void> {
  const post = await ownedPost(db, user, postId);
  if (post.hiddenAt) throw forbidden(HIDDEN_EDIT_MESSAGE);
  // Staying in its category needs no new permission: a member who has left a ritual may still fix their post.
  if (changes.categoryId !== post.categoryId) await checkCategory(db, user, changes);
  else if (changes.isAnonymous) {
    const verdict = await canPost(db, user, changes.categoryId);
    if (verdict && !verdict.allowsAnonymous) throw invalidInput({ is_anonymous: [SQUARE_MESSAGES.noAnonymous] });
  }
  if (!isStaff(user) && changes.isNotice && !post.isNotice) throw forbidden(SQUARE_MESSAGES.noticeStaffOnly);
  const content = preparePostContent(storage, changes.content);
  const password = changes.removePassword
    ? { passwordHash: null }
    : changes.password === undefined
      ? {}
      : { passwordHash: await hashPassword(changes.password) };
  await db.transaction(async (tx) => {
    await tx
      .update(squarePosts)
      .set({
        squarePostCategoryId: changes.categoryId,
        title: changes.title,
        ...content,
        isAnonymous: changes.isAnonymous,
        isNotice: isStaff(user) ? changes.isNotice : post.isNotice,
        ...password,
      })
      .where(eq(squarePosts.id, postId));
    // A new password locks out the sessions that knew the old one.
    if ('passwordHash' in password) {
      await tx.delete(squareUnlocks).where(and(eq(squareUnlocks.kind, 'post'), eq(squareUnlocks.targetId, postId)));
    }
    await indexSquarePost(tx, postId);
  });
}

/** Removes the post with its comments, their likes, its reactions, saves, unlocks, notifications and search grams, all or nothing. */
export async function deleteSquarePost(db: Db, user: Author, postId: number): Promise<void> {
  await ownedPost(db, user, postId);
  const ofPost = (table: typeof comments | typeof reactions | typeof saves) =>
    and(eq(table.modelType, SQUARE_POST_MODEL), eq(table.modelId, postId));
  await db.transaction(async (tx) => {
    const postComments = tx.select({ id: comments.id }).from(comments).where(ofPost(comments));
    await tx.delete(commentLikes).where(inArray(commentLikes.commentId, postComments));
    // What its comments and reactions told people would now lead to a missing post.
    await withdrawNotifications(tx, 'comment', postComments);
    await withdrawNotifications(tx, 'reaction', tx.select({ id: reactions.id }).from(reactions).where(ofPost(reactions)));
    await tx.delete(comments).where(ofPost(comments));
    await tx.delete(reactions).where(ofPost(reactions));
    await tx.delete(saves).where(ofPost(saves));
    await tx.delete(squareUnlocks).where(and(eq(squareUnlocks.kind, 'post'), eq(squareUnlocks.targetId, postId)));
    await tx.delete(squarePosts).where(eq(squarePosts.id, postId));
    await forgetSearchItem(tx, 'square_post', postId);
  });
}
