import type { CommentData } from '../../../lib/comments.ts';
import { apiTime } from '../../http/serialize.ts';
import { DELETED_MEMBER_NICKNAME } from '../users/resource.ts';
import type { CommentView } from './service.ts';

/** A comment as API-CONVENTIONS.md shows it: snake_case, ISO times, replies nested one level. */
export function commentResource(comment: CommentView): CommentData {
  const { author } = comment;
  return {
    id: comment.id,
    parent_id: comment.parentId,
    content: comment.content,
    is_anonymous: comment.isAnonymous,
    author: author
      ? author.deleted
        ? { id: author.id, nickname: DELETED_MEMBER_NICKNAME, username: null, profile_image: null }
        : { id: author.id, nickname: author.nickname, username: author.username, profile_image: author.profileImage }
      : null,
    author_name: comment.authorName,
    likes_count: comment.likesCount,
    is_liked: comment.isLiked,
    is_mine: comment.isMine,
    is_deleted: comment.isDeleted,
    is_hidden: comment.isHidden,
    created_at: apiTime(comment.createdAt),
    updated_at: apiTime(comment.updatedAt),
    replies: comment.replies.map(commentResource),
  };
}
