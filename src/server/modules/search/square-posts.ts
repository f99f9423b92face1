import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { squarePostCategories, squarePosts, squareUnlocks, users } from '../../db/schema/index.ts';
import type { SquarePostItem } from '../../../lib/square.ts';
import type { Reader } from '../models/reader.ts';
import { postItemResource } from '../square/resource.ts';
import { postItemView } from '../square/views.ts';
import { squarePostColumns } from '../square/service.ts';
import type { PostRow } from '../square/views.ts';
import { forgetSearchItem, gramRows, indexSearchItem, matchingRows, plainText } from './grams.ts';
import type { GramRow, KindReader } from './grams.ts';

type SearchedPost = PostRow & { contentHtml: string };

// The cards' own columns, and the body, which only a reader allowed to read it is matched on.
const postColumns = { ...squarePostColumns, contentHtml: squarePosts.contentHtml };

const selectPosts = (db: Db, where: SQL | undefined) =>
  db
    .select(postColumns)
    .from(squarePosts)
    .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
    .innerJoin(users, eq(users.id, squarePosts.userId))
    .where(where);

/**
 * Posts everyone may find: not hidden by staff, in a category without a password. A protected
 * category's posts, titles included, are for those who know its password, and the whole square
 * never lists them; the search keeps them out of the index altogether.
 */
const searchable = and(isNull(squarePosts.hiddenAt), isNull(squarePostCategories.passwordHash));

/**
 * What a post is found by: its title; its body only when it has no password of its own (the square
 * lists a protected post's title to everyone, never its body); its author's nickname unless it
 * was written anonymously or the member has left.
 */
const postTexts = (post: SearchedPost): string[] => [
  post.title,
  ...(post.hasPassword ? [] : [plainText(post.contentHtml)]),
  ...(post.isAnonymous || post.authorDeletedAt ? [] : [post.authorNickname]),
];

/** A post's grams after it is written, edited, hidden, restored or deleted. */
export async function indexSquarePost(db: Db, postId: number): Promise<void> {
  const [post] = await selectPosts(db, and(eq(squarePosts.id, postId), searchable));
  if (post) await indexSearchItem(db, 'square_post', postId, postTexts(post));
  else await forgetSearchItem(db, 'square_post', postId);
}

export async function squarePostGramRows(db: Db): Promise<GramRow[]> {
  const posts = await selectPosts(db, searchable);
  return posts.flatMap((post) => gramRows('square_post', post.id, postTexts(post)));
}

const squarePostsReader: KindReader<SearchedPost> = {
  // The texts are checked as the post is now, so a post protected or hidden since it was indexed is not matched.
  read: (db, ids) =>
    selectPosts(db, and(inArray(squarePosts.id, ids), searchable, eq(squarePostCategories.isActive, true))).orderBy(
      desc(squarePosts.createdAt),
      desc(squarePosts.id),
    ),
  texts: postTexts,
};

export const squarePostMatches = (db: Db, words: string[], now: Date): Promise<SearchedPost[]> =>
  matchingRows(db, 'square_post', squarePostsReader, words, now);

/** The protected posts among `posts` whose password this browser session has given. */
async function unlockedIds(db: Db, reader: Reader, posts: SearchedPost[]): Promise<Set<number>> {
  const ids = posts.filter((post) => post.hasPassword && post.userId !== reader.userId).map((post) => post.id);
  if (!reader.sessionId || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: squareUnlocks.targetId })
    .from(squareUnlocks)
    .where(and(eq(squareUnlocks.sessionId, reader.sessionId), eq(squareUnlocks.kind, 'post'), inArray(squareUnlocks.targetId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Matching posts as the square's cards show them to this reader: a locked post's card keeps its excerpt back. */
export async function searchSquarePosts(db: Db, reader: Reader, words: string[], limit: number, now: Date): Promise<{ total: number; items: SquarePostItem[] }> {
  const matches = await squarePostMatches(db, words, now);
  const shown = matches.slice(0, limit);
  const unlocked = await unlockedIds(db, reader, shown);
  const items = shown.map((post) => postItemResource(postItemView(post, post.hasPassword && post.userId !== reader.userId && !unlocked.has(post.id))));
  return { total: matches.length, items };
}
