import { squarePaths } from '../lib/api/square.ts';
import type { SquarePostItem } from '../lib/square.ts';
import { createPagedList } from './paged-list.ts';

/** Which API list a square feed continues: the square (optionally one category), saved posts, or a member's posts. */
export type SquareFeedSource = { kind: 'square'; category?: string } | { kind: 'saved' } | { kind: 'user'; userId: number };

const listOf = (source: SquareFeedSource): { path: string; query?: Record<string, string> } => {
  if (source.kind === 'saved') return { path: squarePaths.saved };
  if (source.kind === 'user') return { path: squarePaths.byMember(source.userId) };
  return { path: squarePaths.list, ...(source.category ? { query: { category: source.category } } : {}) };
};

/** The pages after the server's first one, which stays outside the island. */
export const createSquareFeed = (source: SquareFeedSource, nextCursor: string | null) =>
  createPagedList<SquarePostItem>({ ...listOf(source), initial: { items: [], next: nextCursor } });
