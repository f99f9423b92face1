import { relativeTime } from '../../lib/time.ts';
import { MemberAvatar } from '../shared/MemberAvatar.tsx';
import { memberHref } from '../../lib/member-links.ts';
import { commentAnchor } from '../../lib/comments.ts';
import type { CommentData } from '../../lib/comments.ts';
import { ReportButton } from '../reports/ReportButton.tsx';

const AVATAR_SIZE = 30;

export interface CommentActions {
  /** The server's copy of the list, before the island takes its place: the buttons show, disabled. */
  waiting?: boolean;
  /** Null while the member may not write. */
  onReply: ((comment: CommentData) => void) | null;
  onEdit: (comment: CommentData) => void;
  onDelete: (comment: CommentData) => void;
  onLike: (comment: CommentData) => void;
}

/** One comment: who, when, the text, and what the signed-in member may do with it. */
export function CommentItem({ comment, actions, roomId }: { comment: CommentData; actions: CommentActions | null; roomId: number | undefined }) {
  if (comment.is_deleted) {
    return (
      <article className="comment comment-deleted" id={commentAnchor(comment.id)}>
        <p className="comment-content">{comment.content}</p>
      </article>
    );
  }
  const name = comment.author_name ?? '';
  const username = comment.author?.username;
  const edited = comment.updated_at !== comment.created_at;
  return (
    <article className="comment" id={commentAnchor(comment.id)}>
      <header className="comment-header">
        <MemberAvatar src={comment.author?.profile_image ?? null} size={AVATAR_SIZE} />
        {username ? (
          <a className="comment-author" href={memberHref(username, roomId)}>
            {name}
          </a>
        ) : (
          <span className="comment-author">{name}</span>
        )}
        <time className="comment-time" dateTime={comment.created_at} suppressHydrationWarning>
          {relativeTime(comment.created_at)}
        </time>
        {edited ? <span className="comment-edited">수정됨</span> : null}
      </header>
      <p className="comment-content">{comment.content}</p>
      <footer className="comment-actions">
        {actions ? (
          <button
            type="button"
            className="comment-action"
            aria-pressed={comment.is_liked}
            disabled={actions.waiting}
            onClick={() => actions.onLike(comment)}
          >
            좋아요 <span className="comment-likes">{comment.likes_count}</span>
            <span className="visually-hidden">개</span>
          </button>
        ) : (
          <span className="comment-action comment-action-static">
            좋아요 <span className="comment-likes">{comment.likes_count}</span>
          </span>
        )}
        {actions?.onReply ? (
          <button type="button" className="comment-action" disabled={actions.waiting} onClick={() => actions.onReply?.(comment)}>
            답글
          </button>
        ) : null}
        {actions && comment.is_mine ? (
          <>
            {comment.is_hidden ? null : (
              <button type="button" className="comment-action" disabled={actions.waiting} onClick={() => actions.onEdit(comment)}>
                수정
              </button>
            )}
            <button type="button" className="comment-action comment-action-danger" disabled={actions.waiting} onClick={() => actions.onDelete(comment)}>
              삭제
            </button>
          </>
        ) : null}
        {actions && !comment.is_mine && !comment.is_hidden ? (
          <ReportButton modelType="comment" modelId={comment.id} noun="댓글" className="comment-action" waiting={actions.waiting} />
        ) : null}
      </footer>
    </article>
  );
}
