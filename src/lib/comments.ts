/** A comment as the API sends it (src/server/modules/comments/resource.ts builds it; the islands read it). */
export interface CommentData {
  id: number;
  parent_id: number | null;
  content: string;
  is_anonymous: boolean;
  author: { id: number; nickname: string; username: string | null; profile_image: string | null } | null;
  author_name: string | null;
  likes_count: number;
  is_liked: boolean;
  is_mine: boolean;
  is_deleted: boolean;
  /** Hidden by staff: `content` is the notice, for members only (guests never receive it). */
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
  replies: CommentData[];
}

/** What a deleted comment that still holds replies reads, on the server and after a delete in the page. */
export const DELETED_COMMENT_TEXT = '삭제된 댓글입니다.';

/** A comment's anchor on its post's page: a notification about it links to `#comment-{id}`. */
export const commentAnchor = (commentId: number): string => `comment-${commentId}`;

/** The comment an address's fragment names (`#comment-123`), or null. */
export function commentIdOfHash(hash: string): number | null {
  const match = /^#comment-([1-9]\d{0,15})$/.exec(hash);
  return match ? Number(match[1]) : null;
}
