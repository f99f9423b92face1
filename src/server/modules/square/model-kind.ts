import { eq, sql } from 'drizzle-orm';
import { squarePostCategories, squarePosts } from '../../db/schema/index.ts';
import { ForbiddenError, notFound } from '../../domain-errors.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../lib/moderation.ts';
import type { ModelKind } from '../models/kind.ts';
import { squarePostAccess } from './access.ts';

const LOCKED_MESSAGES = {
  category: '비밀번호를 입력해야 볼 수 있는 게시판이에요.',
  post: '비밀번호를 입력해야 볼 수 있는 글이에요.',
} as const;

/** 403 with the same body the posts API answers, so an island can show the unlock form. */
export class LockedError extends ForbiddenError {
  constructor(
    readonly locked: 'category' | 'post',
    readonly category: { id: number; name: string; slug: string },
    readonly title: string | null,
  ) {
    super(LOCKED_MESSAGES[locked]);
  }

  override details() {
    return {
      locked: this.locked,
      category: this.category,
      ...(this.locked === 'post' ? { title: this.title } : {}),
    };
  }
}

// A comment or a reaction is not an edit of the post: its updated_at stays.
const keepUpdatedAt = sql`${squarePosts.updatedAt}`;

const POST_NOT_FOUND = '글을 찾을 수 없어요.';

/** Square posts for comments, reactions and saves: readable when their passwords were given in this session. */
export const squarePostKind: ModelKind = {
  async open(db, reader, id) {
    const access = await squarePostAccess(db, reader, id);
    if (access === 'missing') throw notFound(POST_NOT_FOUND);
    if (access !== 'ok') {
      const [row] = await db
        .select({
          title: squarePosts.title,
          hiddenAt: squarePosts.hiddenAt,
          id: squarePostCategories.id,
          name: squarePostCategories.name,
          slug: squarePostCategories.slug,
        })
        .from(squarePosts)
        .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
        .where(eq(squarePosts.id, id));
      if (!row || (row.hiddenAt !== null && reader.userId === null)) throw notFound(POST_NOT_FOUND);
      const locked = access === 'locked-category' ? 'category' : 'post';
      const title = row.hiddenAt === null ? row.title : HIDDEN_CONTENT_TEXT;
      throw new LockedError(locked, { id: row.id, name: row.name, slug: row.slug }, locked === 'post' ? title : null);
    }
    const [row] = await db
      .select({ ownerId: squarePosts.userId, isAnonymous: squarePosts.isAnonymous, hiddenAt: squarePosts.hiddenAt })
      .from(squarePosts)
      .where(eq(squarePosts.id, id));
    // A guest learns nothing of a hidden post: its comments and reactions are as missing as it is.
    if (!row || (row.hiddenAt !== null && reader.userId === null)) throw notFound(POST_NOT_FOUND);
    return { ownerId: row.ownerId, isAnonymous: row.isAnonymous };
  },
  async target(db, id) {
    const [row] = await db
      .select({ ownerId: squarePosts.userId, isAnonymous: squarePosts.isAnonymous })
      .from(squarePosts)
      .where(eq(squarePosts.id, id));
    return row ?? null;
  },
  async bumpComments(tx, id, delta) {
    await tx
      .update(squarePosts)
      .set({ commentsCount: sql`greatest(${squarePosts.commentsCount} + ${delta}, 0)`, updatedAt: keepUpdatedAt })
      .where(eq(squarePosts.id, id));
  },
  async bumpReactions(tx, id, delta) {
    await tx
      .update(squarePosts)
      .set({ reactionsCount: sql`greatest(${squarePosts.reactionsCount} + ${delta}, 0)`, updatedAt: keepUpdatedAt })
      .where(eq(squarePosts.id, id));
  },
  async subject(tx, id) {
    const [row] = await tx
      .select({ ownerId: squarePosts.userId, isAnonymous: squarePosts.isAnonymous, title: squarePosts.title, slug: squarePostCategories.slug })
      .from(squarePosts)
      .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
      .where(eq(squarePosts.id, id));
    if (!row) return null;
    const { slug, ...rest } = row;
    return { ...rest, squarePostCategorySlug: slug, ritualSessionId: null, ritualSessionThreadId: null, id };
  },
};
