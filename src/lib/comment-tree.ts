import type { CommentData } from './comments.ts';
import { DELETED_COMMENT_TEXT } from './comments.ts';

/** Adds a new comment where the server put it: at the end, or at the end of its top comment's replies. */
export function withAdded(tree: CommentData[], comment: CommentData): CommentData[] {
  if (comment.parent_id === null) return [...tree, comment];
  return tree.map((top) => (top.id === comment.parent_id ? { ...top, replies: [...top.replies, comment] } : top));
}

/** Applies `change` to the comment with `id`, wherever it is. */
export function withChanged(tree: CommentData[], id: number, change: (comment: CommentData) => CommentData): CommentData[] {
  return tree.map((top) =>
    top.id === id
      ? change(top)
      : top.replies.some((reply) => reply.id === id)
        ? { ...top, replies: top.replies.map((reply) => (reply.id === id ? change(reply) : reply)) }
        : top,
  );
}

/**
 * What the server did on delete: a top comment with replies is blanked; anything else goes, and a
 * blanked top comment goes with its last reply.
 */
export function withDeleted(tree: CommentData[], id: number): CommentData[] {
  const result: CommentData[] = [];
  for (const top of tree) {
    if (top.id === id) {
      if (top.replies.length > 0) {
        result.push({ ...top, is_deleted: true, content: DELETED_COMMENT_TEXT, author: null, author_name: null, is_mine: false, is_liked: false, likes_count: 0 });
      }
      continue;
    }
    const replies = top.replies.filter((reply) => reply.id !== id);
    if (top.is_deleted && replies.length === 0) continue;
    result.push(replies.length === top.replies.length ? top : { ...top, replies });
  }
  return result;
}

/** Comments still shown with their text, replies included. */
export const liveCount = (tree: CommentData[]): number =>
  tree.reduce((sum, top) => sum + (top.is_deleted ? 0 : 1) + top.replies.filter((reply) => !reply.is_deleted).length, 0);
