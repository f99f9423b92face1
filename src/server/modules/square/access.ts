import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { squarePostCategories, squarePosts, squareUnlocks } from '../../db/schema/index.ts';

/** Who is reading: the member (if any) and the browser session (if any) that may hold unlocks. */
export interface Reader {
  userId: number | null;
  sessionId: string | null;
}

/** `locked-category` / `locked-post`: the password has not been given in this session. */
export type PostAccess = 'ok' | 'missing' | 'locked-category' | 'locked-post';

/**
 * Whether a reader may see a square post's content (and so its comments and reactions). The
 * author always may; everyone else needs the category's and the post's passwords, if set, given
 * in this browser session. One query.
 */
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
  if (reader.userId !== null && row.userId === reader.userId) return 'ok';
  if (!row.postLocked && !row.categoryLocked) return 'ok';
  const unlocked = reader.sessionId
    ? await db
        .select({ kind: squareUnlocks.kind })
        .from(squareUnlocks)
        .where(
          and(
            eq(squareUnlocks.sessionId, reader.sessionId),
            or(
              and(eq(squareUnlocks.kind, 'category'), eq(squareUnlocks.targetId, row.categoryId)),
              and(eq(squareUnlocks.kind, 'post'), eq(squareUnlocks.targetId, postId)),
            ),
          ),
        )
    : [];
  const kinds = new Set(unlocked.map((unlock) => unlock.kind));
  if (row.categoryLocked && !kinds.has('category')) return 'locked-category';
  if (row.postLocked && !kinds.has('post')) return 'locked-post';
  return 'ok';
}

/** The ids among `categoryIds` that this session has unlocked, in one query. */
export async function unlockedCategoryIds(db: Db, reader: Reader, categoryIds: number[]): Promise<Set<number>> {
  if (!reader.sessionId || categoryIds.length === 0) return new Set();
  const rows = await db
    .select({ id: squareUnlocks.targetId })
    .from(squareUnlocks)
    .where(and(eq(squareUnlocks.sessionId, reader.sessionId), eq(squareUnlocks.kind, 'category'), inArray(squareUnlocks.targetId, categoryIds)));
  return new Set(rows.map((row) => row.id));
}
