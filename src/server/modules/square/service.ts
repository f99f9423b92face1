import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQueries, preparedQuery } from '../../db/prepared.ts';
import { saves, squarePostCategories, squarePosts, squareUnlocks, users } from '../../db/schema/index.ts';
import { postLock } from './access.ts';
import type { Reader } from '../models/reader.ts';
import { after, afterPlaceholder, decodeCursor, pageOf, positionTime } from './cursor.ts';
import { listComments } from '../comments/service.ts';
import { reactionSummary } from '../reactions/service.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../lib/moderation.ts';
import { NOTICES_MAX } from './schema.ts';
import { postItemView } from './views.ts';
import type { PostRow, SquareCategoryRef, SquareCategoryView, SquarePostDetailView, SquarePostItemView } from './views.ts';

export const SQUARE_POST_MODEL = 'square_post';

/** A square post as its cards and pages read it, with its category and author; search reads the same. */
export const squarePostColumns = {
  id: squarePosts.id,
  title: squarePosts.title,
  excerpt: squarePosts.excerpt,
  thumbnailUrl: squarePosts.thumbnailUrl,
  isAnonymous: squarePosts.isAnonymous,
  isNotice: squarePosts.isNotice,
  hasPassword: sql<boolean>`${squarePosts.passwordHash} is not null`,
  commentsCount: squarePosts.commentsCount,
  reactionsCount: squarePosts.reactionsCount,
  createdAt: squarePosts.createdAt,
  updatedAt: squarePosts.updatedAt,
  userId: squarePosts.userId,
  categoryId: squarePostCategories.id,
  categoryName: squarePostCategories.name,
  categorySlug: squarePostCategories.slug,
  authorNickname: users.nickname,
  authorUsername: users.username,
  authorProfileImage: users.profileImage,
  authorDeletedAt: users.deletedAt,
  hiddenAt: squarePosts.hiddenAt,
};

const listColumns = { ...squarePostColumns, cursorAt: positionTime(squarePosts.createdAt) };
type ListRow = PostRow & { cursorAt: string };

const selectPosts = (db: Db) =>
  db
    .select(listColumns)
    .from(squarePosts)
    .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
    .innerJoin(users, eq(users.id, squarePosts.userId));

export interface SquarePostPage {
  items: SquarePostItemView[];
  nextCursor: string | null;
}

/** The posts among `rows` whose own password this session has given, in one query (none when nothing is locked). */
async function unlockedPostIds(db: Db, reader: Reader, rows: PostRow[]): Promise<Set<number>> {
  const ids = rows.filter((row) => row.hasPassword && row.userId !== reader.userId).map((row) => row.id);
  if (!reader.sessionId || ids.length === 0) return new Set();
  const found = await db
    .select({ id: squareUnlocks.targetId })
    .from(squareUnlocks)
    .where(and(eq(squareUnlocks.sessionId, reader.sessionId), eq(squareUnlocks.kind, 'post'), inArray(squareUnlocks.targetId, ids)));
  return new Set(found.map((row) => row.id));
}

async function itemViews(db: Db, reader: Reader, rows: PostRow[]): Promise<SquarePostItemView[]> {
  const unlocked = await unlockedPostIds(db, reader, rows);
  return rows.map((row) => postItemView(row, row.hasPassword && row.userId !== reader.userId && !unlocked.has(row.id)));
}

/** Every category this session has unlocked (a handful at most). */
async function sessionCategoryUnlocks(db: Db, reader: Reader): Promise<number[]> {
  if (!reader.sessionId) return [];
  const rows = await categoryUnlocksQuery(db).execute({ sessionId: reader.sessionId });
  return rows.map((row) => row.id);
}

const categoryUnlocksQuery = preparedQuery((db) =>
  db
    .select({ id: squareUnlocks.targetId })
    .from(squareUnlocks)
    .where(and(eq(squareUnlocks.sessionId, sql.placeholder('sessionId')), eq(squareUnlocks.kind, 'category')))
    .prepare('square_category_unlocks'),
);

/** Posts this reader may see listed: open categories, unlocked ones, and their own posts. */
async function readableCategoryCondition(db: Db, reader: Reader): Promise<SQL> {
  const unlocked = await sessionCategoryUnlocks(db, reader);
  return or(
    isNull(squarePostCategories.passwordHash),
    unlocked.length > 0 ? inArray(squarePostCategories.id, unlocked) : undefined,
    reader.userId !== null ? eq(squarePosts.userId, reader.userId) : undefined,
  )!;
}

const categoriesQuery = preparedQuery((db) =>
  db
    .select({
      id: squarePostCategories.id,
      name: squarePostCategories.name,
      slug: squarePostCategories.slug,
      description: squarePostCategories.description,
      writeScope: squarePostCategories.writeScope,
      allowsAnonymous: squarePostCategories.allowsAnonymous,
      isProtected: sql<boolean>`${squarePostCategories.passwordHash} is not null`,
    })
    .from(squarePostCategories)
    .where(eq(squarePostCategories.isActive, true))
    .orderBy(asc(squarePostCategories.sortOrder), asc(squarePostCategories.id))
    .prepare('square_categories'),
);

export async function listSquareCategories(db: Db, reader: Reader): Promise<SquareCategoryView[]> {
  const rows = await categoriesQuery(db).execute();
  const unlocked = new Set(await sessionCategoryUnlocks(db, reader));
  return rows.map((row) => ({ ...row, isUnlocked: !row.isProtected || unlocked.has(row.id) }));
}

export type SquarePostList =
  | ({ status: 'ok'; category: SquareCategoryRef | null } & SquarePostPage)
  | { status: 'missing' }
  | { status: 'locked'; category: SquareCategoryRef };

/**
 * Newest first, one category or all the open ones (protected categories never mix into the whole
 * square). A protected category lists only for a session that gave its password.
 */
export async function listSquarePosts(
  db: Db,
  reader: Reader,
  options: { categorySlug?: string | undefined; cursor?: string | undefined; perPage: number },
): Promise<SquarePostList> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const limit = options.perPage + 1;
  let category: SquareCategoryRef | null = null;
  let rows: ListRow[];
  if (options.categorySlug !== undefined) {
    const [found] = await categoryBySlugQuery(db).execute({ slug: options.categorySlug });
    if (!found) return { status: 'missing' };
    category = { id: found.id, name: found.name, slug: found.slug };
    if (found.isProtected && !(await sessionCategoryUnlocks(db, reader)).includes(found.id)) return { status: 'locked', category };
    rows = position
      ? await categoryPostsAfterQuery(db, limit).execute({ categoryId: found.id, at: position.at, id: position.id })
      : await categoryPostsQuery(db, limit).execute({ categoryId: found.id });
  } else {
    rows = position
      ? await openPostsAfterQuery(db, limit).execute({ at: position.at, id: position.id })
      : await openPostsQuery(db, limit).execute();
  }
  const page = pageOf(rows, options.perPage, (row) => ({ at: row.cursorAt, id: row.id }));
  return { status: 'ok', category, items: await itemViews(db, reader, page.items), nextCursor: page.nextCursor };
}

const categoryBySlugQuery = preparedQuery((db) =>
  db
    .select({
      id: squarePostCategories.id,
      name: squarePostCategories.name,
      slug: squarePostCategories.slug,
      isProtected: sql<boolean>`${squarePostCategories.passwordHash} is not null`,
    })
    .from(squarePostCategories)
    .where(and(eq(squarePostCategories.slug, sql.placeholder('slug')), eq(squarePostCategories.isActive, true)))
    .prepare('square_category_by_slug'),
);

/** Newest first, `limit` rows (one shape per page size); the whole square lists only open, active categories. */
const postsQuery = (name: string, where: SQL) =>
  preparedQueries((db, limit: number) =>
    selectPosts(db)
      .where(where)
      .orderBy(desc(squarePosts.createdAt), desc(squarePosts.id))
      .limit(literalLimit(limit))
      .prepare(`${name}_${limit}`),
  );
// What staff hid leaves every public list; its author and those who saved it still find it, as the notice.
const notHidden = isNull(squarePosts.hiddenAt);
const inCategory = and(eq(squarePosts.squarePostCategoryId, sql.placeholder('categoryId')), notHidden)!;
// Flags are written into the SQL, not bound: a kept plan has to know them to pick a partial index.
const inOpenCategories = and(isNull(squarePostCategories.passwordHash), sql`${squarePostCategories.isActive}`, notHidden)!;
const afterPosition = afterPlaceholder(squarePosts.createdAt, squarePosts.id);
const categoryPostsQuery = postsQuery('square_category_posts', inCategory);
const categoryPostsAfterQuery = postsQuery('square_category_posts_after', and(inCategory, afterPosition)!);
const openPostsQuery = postsQuery('square_open_posts', inOpenCategories);
const openPostsAfterQuery = postsQuery('square_open_posts_after', and(inOpenCategories, afterPosition)!);

/** The pinned notices of the open categories, newest first. */
export async function listSquareNotices(db: Db, reader: Reader): Promise<SquarePostItemView[]> {
  return itemViews(db, reader, await noticesQuery(db, NOTICES_MAX).execute());
}

const noticesQuery = postsQuery('square_notices', and(sql`${squarePosts.isNotice}`, inOpenCategories)!);

/** A member's saved posts, newest saved first; posts of categories this session has not unlocked stay out. */
export async function listSavedSquarePosts(
  db: Db,
  reader: Reader & { userId: number },
  options: { cursor?: string | undefined; perPage: number },
): Promise<SquarePostPage> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const readable = await readableCategoryCondition(db, reader);
  const rows = await db
    .select({ ...squarePostColumns, saveId: saves.id, cursorAt: positionTime(saves.createdAt) })
    .from(saves)
    .innerJoin(squarePosts, eq(squarePosts.id, saves.modelId))
    .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
    .innerJoin(users, eq(users.id, squarePosts.userId))
    .where(
      and(
        eq(saves.userId, reader.userId),
        eq(saves.modelType, SQUARE_POST_MODEL),
        readable,
        position ? after(saves.createdAt, saves.id, position) : undefined,
      ),
    )
    .orderBy(desc(saves.createdAt), desc(saves.id))
    .limit(options.perPage + 1);
  const page = pageOf(rows, options.perPage, (row) => ({ at: row.cursorAt, id: row.saveId }));
  return { items: await itemViews(db, reader, page.items), nextCursor: page.nextCursor };
}

/**
 * One member's posts, newest first: their named posts for everyone, their anonymous ones too for
 * themselves. Null when there is no such member.
 */
export async function listUserSquarePosts(
  db: Db,
  reader: Reader,
  userId: number,
  options: { cursor?: string | undefined; perPage: number },
): Promise<SquarePostPage | null> {
  const position = options.cursor ? decodeCursor(options.cursor) : null;
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) return null;
  const isSelf = reader.userId === userId;
  const rows = await selectPosts(db)
    .where(
      and(
        eq(squarePosts.userId, userId),
        isSelf ? undefined : eq(squarePosts.isAnonymous, false),
        isSelf ? undefined : notHidden,
        isSelf ? undefined : await readableCategoryCondition(db, reader),
        position ? after(squarePosts.createdAt, squarePosts.id, position) : undefined,
      ),
    )
    .orderBy(desc(squarePosts.createdAt), desc(squarePosts.id))
    .limit(options.perPage + 1);
  const page = pageOf(rows, options.perPage, (row) => ({ at: row.cursorAt, id: row.id }));
  return { items: await itemViews(db, reader, page.items), nextCursor: page.nextCursor };
}

export type SquarePostLookup =
  | { status: 'ok'; post: SquarePostDetailView }
  | { status: 'missing' }
  | { status: 'locked'; locked: 'category' | 'post'; category: SquareCategoryRef; title?: string };

const savedQuery = preparedQuery((db) =>
  db
    .select({ id: saves.id })
    .from(saves)
    .where(and(eq(saves.userId, sql.placeholder('userId')), eq(saves.modelType, SQUARE_POST_MODEL), eq(saves.modelId, sql.placeholder('postId'))))
    .prepare('square_post_saved'),
);

async function isSavedBy(db: Db, postId: number, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await savedQuery(db).execute({ userId, postId });
  return row !== undefined;
}

const postQuery = preparedQuery((db) =>
  db
    .select({
      ...squarePostColumns,
      contentHtml: squarePosts.contentHtml,
      categoryProtected: sql<boolean>`${squarePostCategories.passwordHash} is not null`,
    })
    .from(squarePosts)
    .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
    .innerJoin(users, eq(users.id, squarePosts.userId))
    .where(eq(squarePosts.id, sql.placeholder('postId')))
    .prepare('square_post'),
);

/**
 * One post with everything its page shows, or why it cannot be shown: its author always reads it;
 * anyone else needs the category's and the post's passwords given in this session.
 */
export async function findSquarePost(db: Db, reader: Reader, postId: number): Promise<SquarePostLookup> {
  const [row] = await postQuery(db).execute({ postId });
  // A guest (or a search engine) learns nothing of a hidden post, not even that it was there.
  if (!row || (row.hiddenAt !== null && reader.userId === null)) return { status: 'missing' };
  const category = { id: row.categoryId, name: row.categoryName, slug: row.categorySlug };
  const isMine = reader.userId !== null && reader.userId === row.userId;
  const lock = await postLock(db, reader, {
    id: row.id,
    userId: row.userId,
    categoryId: row.categoryId,
    categoryProtected: row.categoryProtected,
    postProtected: row.hasPassword,
  });
  if (lock === 'locked-category') return { status: 'locked', locked: 'category', category };
  if (lock === 'locked-post') return { status: 'locked', locked: 'post', category, title: row.hiddenAt === null ? row.title : HIDDEN_CONTENT_TEXT };
  const [summary, isSaved, comments] = await Promise.all([
    reactionSummary(db, reader, SQUARE_POST_MODEL, row.id),
    isSavedBy(db, row.id, reader.userId),
    listComments(db, reader, SQUARE_POST_MODEL, row.id, { ownerId: row.userId, isAnonymous: row.isAnonymous }),
  ]);
  return {
    status: 'ok',
    post: {
      ...postItemView(row, false),
      contentHtml: row.hiddenAt === null ? row.contentHtml : `<p>${HIDDEN_CONTENT_TEXT}</p>`,
      reactionCounts: summary.counts,
      myReactions: summary.mine,
      isSaved,
      isMine,
      comments,
    },
  };
}

