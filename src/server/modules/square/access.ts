import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { squarePostCategories, squarePosts, squareUnlocks } from '../../db/schema/index.ts';
import type { Reader } from '../models/reader.ts';


/** `locked-category` / `locked-post`: the password has not been given in this session. */
export type PostAccess = 'ok' | 'missing' | 'locked-category' | 'locked-post';

/** Which of a post's two locks (its category's, its own) this browser session has opened. One query. */
export async function sessionUnlockKinds(db: Db, reader: Reader, categoryId: number, postId: number): Promise<Set<string>> {
  if (!reader.sessionId) return new Set();
  const rows = await db
    .select({ kind: squareUnlocks.kind })
    .from(squareUnlocks)
    .where(
      and(
        eq(squareUnlocks.sessionId, reader.sessionId),
        or(
          and(eq(squareUnlocks.kind, 'category'), eq(squareUnlocks.targetId, categoryId)),
          and(eq(squareUnlocks.kind, 'post'), eq(squareUnlocks.targetId, postId)),
        ),
      ),
    );
  return new Set(rows.map((row) => row.kind));
}

/**
 * The rule for every way of reading a post: the author always may; everyone else needs the
 * category's and the post's passwords, if set, given in this browser session.
 */
export async function postLock(
  db: Db,
  reader: Reader,
  post: { id: number; userId: number; categoryId: number; categoryProtected: boolean; postProtected: boolean },
): Promise<Exclude<PostAccess, 'missing'>> {
  if (reader.userId !== null && post.userId === reader.userId) return 'ok';
  if (!post.categoryProtected && !post.postProtected) return 'ok';
  const kinds = await sessionUnlockKinds(db, reader, post.categoryId, post.id);
  if (post.categoryProtected && !kinds.has('category')) return 'locked-category';
  if (post.postProtected && !kinds.has('post')) return 'locked-post';
  return 'ok';
}

/** Whether a reader may see a square post's content (and so its comments and reactions). */
export async function squarePostAccess(db: Db, reader: Reader, postId: number): Promise<PostAccess> {
  const [row] = await db
    .select({
      userId: squarePosts.userId,
      postLocked: squarePosts.passwordHash,
      categoryId: squarePosts.squarePostCategoryId,
      categoryLocked: squarePostCategories.passwordHash,
    })
    .from(squarePosts)
    .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
    .where(eq(squarePosts.id, postId));
  if (!row) return 'missing';
  return postLock(db, reader, {
    id: postId,
    userId: row.userId,
    categoryId: row.categoryId,
    categoryProtected: row.categoryLocked !== null,
    postProtected: row.postLocked !== null,
  });
}
