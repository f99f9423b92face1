import type { Db } from '../../db/client.ts';
import { isInvalidField } from '../../domain-errors.ts';
import type { Reader } from '../models/reader.ts';
import { postItemResource, squareCategoryResource } from './resource.ts';
import { POSTS_PER_PAGE } from './schema.ts';
import { listSquareCategories, listSquareNotices, listSquarePosts } from './service.ts';
import type { SquareCategory, SquarePostItem } from '../../../lib/square.ts';

export type SquareBoardData =
  | {
      status: 'ok';
      categories: SquareCategory[];
      category: SquareCategory | null;
      notices: SquarePostItem[];
      /** Null while the board is protected and this session has not given its password. */
      posts: { items: SquarePostItem[]; nextCursor: string | null } | null;
      continued: boolean;
    }
  | { status: 'missing' }
  | { status: 'bad-cursor' };

/**
 * Everything a square list page shows, from the same services as the API. A protected board that
 * is still locked answers no posts, so none of them can reach the page.
 */
export async function loadSquareBoard(db: Db, reader: Reader, slug: string | null, cursor: string | null): Promise<SquareBoardData> {
  const continued = cursor !== null;
  const [categoryViews, notices, list] = await Promise.all([
    listSquareCategories(db, reader),
    continued ? [] : listSquareNotices(db, reader),
    listPage(db, reader, slug ?? undefined, cursor),
  ]);
  if (list === 'bad-cursor') return { status: 'bad-cursor' };
  if (list.status === 'missing') return { status: 'missing' };
  const categories = categoryViews.map(squareCategoryResource);
  const category = slug === null ? null : (categories.find((candidate) => candidate.slug === slug) ?? null);
  if (slug !== null && !category) return { status: 'missing' };
  const locked = list.status === 'locked';
  return {
    status: 'ok',
    categories,
    category,
    // A locked board shows only its password form: not even the square's notices.
    notices: locked ? [] : notices.map(postItemResource),
    posts:
      list.status === 'ok'
        ? {
            items: list.items.map(postItemResource),
            nextCursor: list.nextCursor,
          }
        : null,
    continued,
  };
}

async function listPage(db: Db, reader: Reader, categorySlug: string | undefined, cursor: string | null) {
  try {
    return await listSquarePosts(db, reader, {
      categorySlug,
      cursor: cursor ?? undefined,
      perPage: POSTS_PER_PAGE,
    });
  } catch (error) {
    if (isInvalidField(error, 'cursor')) return 'bad-cursor' as const;
    throw error;
  }
}
