/**
 * The comments under a post: the list with one level of replies, the write box, replies, editing
 * (through the global modal's input), deleting (after a confirm) and likes. Usage on a page, with
 * the service's views turned into the API's shape (commentResource, src/server/modules/comments):
 *   <CommentSection client:visible modelType="square_post" modelId={post.id}
 *     initialComments={post.comments.map(commentResource)} viewer={viewer} allowsAnonymous={post.isAnonymous} />
 * `viewer` null shows the thread read-only with a 로그인 link; `email_verified: false` asks the
 * member to verify before writing. `allowsAnonymous` offers 익명으로 쓰기 (the server keeps the
 * author of an anonymous post anonymous anyway); `roomId` makes names lead to room profiles.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { liveCount } from '../../lib/comment-tree.ts';
import type { CommentData } from '../../lib/comments.ts';
import { createCommentThread } from '../../stores/comment-thread.ts';
import type { SessionMember } from '../../stores/session.ts';
import { ActionFeedback } from '../shared/ActionFeedback.tsx';
import { failureMessage, failureMessages } from '../shared/failure-messages.ts';
import { useLoginHref } from '../shared/use-login-href.ts';
import { useSessionMember } from '../shared/use-session-member.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import type { MentionCandidate } from './use-mentions.ts';
import type { CommentActions } from './CommentItem.tsx';
import './comments.css';

export interface CommentSectionProps {
  modelType: string;
  modelId: number;
  initialComments: CommentData[];
  viewer: SessionMember | null;
  allowsAnonymous: boolean;
  roomId?: number;
  /** In a room: its members, whom an @ in a comment may name. */
  mentionables?: MentionCandidate[];
  /** Where a guest signs in; back to this page by default. */
  loginHref?: string;
}

export function CommentSection({ modelType, modelId, initialComments, viewer, allowsAnonymous, roomId, mentionables, loginHref }: CommentSectionProps) {
  const [thread] = useState(() => createCommentThread({ modelType, modelId, comments: initialComments }));
  const { comments, replyTo, status, error } = useStore(thread.$thread);
  const member = useSessionMember(viewer);
  const signInHref = useLoginHref(loginHref);

  // The write box lists what went wrong; nothing when the comment went in.
  const write = (parentId: number | null) => async (content: string, anonymous: boolean) => {
    const failure = await thread.send(content, anonymous, parentId);
    return failure === null ? null : failureMessages(failure);
  };

  const actions: CommentActions | null = member
    ? {
        onReply: member.email_verified === false ? null : thread.replyTo,
        onEdit: (comment) => void thread.edit(comment),
        onDelete: (comment) => void thread.remove(comment),
        onLike: (comment) => void thread.like(comment),
      }
    : null;

  return (
    <section className="comments" aria-labelledby="comments-title">
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
            {member && replyTo === top.id ? (
              <div className="comments-reply-form">
                <CommentForm
                  label="답글"
                  submitLabel="답글 남기기"
                  allowsAnonymous={allowsAnonymous}
                  mentionables={mentionables}
                  autoFocus
                  onCancel={() => thread.replyTo(null)}
                  onSubmit={write(top.id)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {member && member.email_verified === false ? (
        <p className="comments-guest">
          <a href="/verify-email">이메일 인증</a> 후 댓글을 쓸 수 있어요.
        </p>
      ) : member ? (
        <CommentForm label="댓글" submitLabel="댓글 남기기" allowsAnonymous={allowsAnonymous} onSubmit={write(null)} mentionables={mentionables} />
      ) : (
        <p className="comments-guest">
          <a href={signInHref}>로그인</a>하고 댓글을 남겨 보세요.
        </p>
      )}
      <ActionFeedback status={status} error={failureMessage(error)} errorClassName="comments-error" />
    </section>
  );
}
