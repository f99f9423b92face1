import type { ReactNode } from 'react';
import { liveCount } from '../../lib/comment-tree.ts';
import type { CommentData } from '../../lib/comments.ts';
import type { SessionMember } from '../../stores/session.ts';
import { CommentItem } from './CommentItem.tsx';
import type { CommentActions } from './CommentItem.tsx';

interface CommentListProps {
  comments: CommentData[];
  actions: CommentActions | null;
  roomId: number | undefined;
  /** The reply box under a top comment, where one is open. */
  replyBox?: (top: CommentData) => ReactNode;
}

/** The heading with the count and the comments, each with its replies one step in. */
export function CommentList({ comments, actions, roomId, replyBox }: CommentListProps) {
  return (
    <>
      <h2 id="comments-title" className="comments-title">
        댓글 <span className="comments-count">{liveCount(comments)}</span>
      </h2>
      {comments.length === 0 ? <p className="comments-empty">아직 댓글이 없어요. 첫 댓글을 남겨 보세요.</p> : null}
      <ol className="comments-list">
        {comments.map((top) => (
          <li key={top.id} className="comments-thread">
            <CommentItem comment={top} actions={actions} roomId={roomId} />
            {top.replies.length > 0 ? (
              <ol className="comments-replies" aria-label={`${top.author_name ?? '삭제된 댓글'}에 단 답글`}>
                {top.replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem comment={reply} actions={actions} roomId={roomId} />
                  </li>
                ))}
              </ol>
            ) : null}
            {replyBox?.(top)}
          </li>
        ))}
      </ol>
    </>
  );
}

interface CommentHandlers {
  waiting?: boolean;
  onReply: (comment: CommentData | null) => void;
  onEdit: (comment: CommentData) => void;
  onDelete: (comment: CommentData) => void;
  onLike: (comment: CommentData) => void;
}

const WAITING: CommentHandlers = { waiting: true, onReply: () => undefined, onEdit: () => undefined, onDelete: () => undefined, onLike: () => undefined };

/** What the member may do with the comments (a member still verifying their e-mail does not reply); nothing for a guest. */
export function commentActions(member: SessionMember | null, handlers: CommentHandlers = WAITING): CommentActions | null {
  return member ? { ...handlers, onReply: member.email_verified === false ? null : handlers.onReply } : null;
}

