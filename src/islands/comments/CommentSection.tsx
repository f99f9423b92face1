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
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { confirmModal, inputModal } from '../../stores/modal.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { ActionFeedback } from '../shared/ActionFeedback.tsx';
import { useLoginHref } from '../shared/use-login-href.ts';
import { CommentItem } from './CommentItem.tsx';
import { CommentForm } from './CommentForm.tsx';
import { liveCount, withAdded, withChanged, withDeleted } from './comment-tree.ts';
import type { CommentData } from '../../lib/comments.ts';
import './comments.css';

export interface CommentViewer {
  id: number;
  nickname: string;
  profile_image: string | null;
  /** False while the member's e-mail is unverified: they read and like, but write only after verifying. */
  email_verified?: boolean;
}

export interface CommentSectionProps {
  modelType: string;
  modelId: number;
  initialComments: CommentData[];
  viewer: CommentViewer | null;
  allowsAnonymous: boolean;
  roomId?: number;
  /** Where a guest signs in; back to this page by default. */
  loginHref?: string;
}

interface Answer<T> {
  data: T;
}

export function CommentSection({ modelType, modelId, initialComments, viewer, allowsAnonymous, roomId, loginHref }: CommentSectionProps) {
  const [comments, setComments] = useState(initialComments);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const signInHref = useLoginHref(loginHref);

  const send = async (content: string, isAnonymous: boolean, parentId: number | null): Promise<string[] | null> => {
    try {
      const { data } = await api.post<Answer<CommentData>>('/api/comments', {
        model_type: modelType,
        model_id: modelId,
        content,
        is_anonymous: isAnonymous,
        ...(parentId === null ? {} : { parent_id: parentId }),
      });
      setComments((tree) => withAdded(tree, data));
      setReplyTo(null);
      setStatus(parentId === null ? '댓글을 남겼어요.' : '답글을 남겼어요.');
      return null;
    } catch (failure) {
      return failureMessages(failure);
    }
  };

  const edit = async (comment: CommentData) => {
    setError('');
    const content = await inputModal({
      title: '댓글 수정',
      label: '댓글 내용',
      initialValue: comment.content.replace(/\r/g, ''),
      multiline: true,
      confirmLabel: '수정하기',
      requiredMessage: '댓글 내용을 입력해 주세요.',
    });
    if (content === null) return;
    const form = new FormData();
    form.append('content', content);
    try {
      const { data } = await api.put<Answer<CommentData>>(`/api/comments/${comment.id}`, form);
      setComments((tree) => withChanged(tree, comment.id, (old) => ({ ...data, replies: old.replies })));
      setStatus('댓글을 고쳤어요.');
    } catch (failure) {
      setError(failureMessages(failure)[0] ?? '');
    }
  };

  const remove = async (comment: CommentData) => {
    setError('');
    const confirmed = await confirmModal({
      title: '댓글을 삭제할까요?',
      message: '삭제한 댓글은 되돌릴 수 없어요.',
      confirmLabel: '삭제하기',
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await api.del(`/api/comments/${comment.id}`);
      setComments((tree) => withDeleted(tree, comment.id));
      setStatus('댓글을 삭제했어요.');
    } catch (failure) {
      setError(failureMessages(failure)[0] ?? '');
    }
  };

  const like = async (comment: CommentData) => {
    setError('');
    const flip = (liked: boolean, count: number) =>
      setComments((tree) => withChanged(tree, comment.id, (old) => ({ ...old, is_liked: liked, likes_count: count })));
    flip(!comment.is_liked, Math.max(0, comment.likes_count + (comment.is_liked ? -1 : 1)));
    try {
      const { data } = await api.post<Answer<{ liked: boolean; likes_count: number }>>(`/api/comments/${comment.id}/like`);
      flip(data.liked, data.likes_count);
    } catch (failure) {
      flip(comment.is_liked, comment.likes_count);
      setError(failureMessages(failure)[0] ?? '');
    }
  };

  const actions = viewer
    ? {
        onReply: viewer.email_verified === false ? null : (comment: CommentData) => setReplyTo(comment.parent_id ?? comment.id),
        onEdit: (comment: CommentData) => void edit(comment),
        onDelete: (comment: CommentData) => void remove(comment),
        onLike: (comment: CommentData) => void like(comment),
      }
    : null;

  const count = liveCount(comments);

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments-title">
        댓글 <span className="comments-count">{count}</span>
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
            {viewer && replyTo === top.id ? (
              <div className="comments-reply-form">
                <CommentForm
                  label="답글"
                  submitLabel="답글 남기기"
                  allowsAnonymous={allowsAnonymous}
                  autoFocus
                  onCancel={() => setReplyTo(null)}
                  onSubmit={(content, anonymous) => send(content, anonymous, top.id)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {viewer && viewer.email_verified === false ? (
        <p className="comments-guest">
          <a href="/verify-email">이메일 인증</a> 후 댓글을 쓸 수 있어요.
        </p>
      ) : viewer ? (
        <CommentForm label="댓글" submitLabel="댓글 남기기" allowsAnonymous={allowsAnonymous} onSubmit={(content, anonymous) => send(content, anonymous, null)} />
      ) : (
        <p className="comments-guest">
          <a href={signInHref}>로그인</a>하고 댓글을 남겨 보세요.
        </p>
      )}
      <ActionFeedback status={status} error={error} errorClassName="comments-error" />
    </section>
  );
}
