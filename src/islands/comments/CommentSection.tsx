/**
 * The comments under a post: the list with one level of replies, the write box, replies, editing
 * (through the global modal's input), deleting (after a confirm) and likes. Usage on a page, with
 * the service's views turned into the API's shape (commentResource, src/server/modules/comments):
 *   <CommentSection client:visible modelType="square_post" modelId={post.id}
 *     initialComments={post.comments.map(commentResource)} viewer={viewer} allowsAnonymous={post.isAnonymous} />
 * or, for a member, through src/components/comments/Comments.astro, which renders the list beside
 * the island and gives it `seed` instead of the comments: props are written into the page twice
 * over in Astro's tagged form (on a room post, 30 comments were 23 kB of its 77 and a third of
 * the server's time on it), so the island reads them from a JSON block and takes the list's place.
 * `viewer` null shows the thread read-only with a 로그인 link; `email_verified: false` asks the
 * member to verify before writing. `allowsAnonymous` offers 익명으로 쓰기 (the server keeps the
 * author of an anonymous post anonymous anyway); `roomId` makes names lead to room profiles and
 * lets an @ name the room's members.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { CommentData } from '../../lib/comments.ts';
import { createCommentThread } from '../../stores/comment-thread.ts';
import { createRoomMentionables } from '../../stores/room-mentionables.ts';
import type { SessionMember } from '../../stores/session.ts';
import { ActionFeedback } from '../shared/ActionFeedback.tsx';
import { failureMessage, failureMessages } from '../shared/failure-messages.ts';
import { useLoginHref } from '../shared/use-login-href.ts';
import { useSessionMember } from '../shared/use-session-member.ts';
import { CommentForm } from './CommentForm.tsx';
import { commentActions, CommentList } from './CommentList.tsx';
import { revealLinkedComment } from './reveal-comment.ts';
import type { RoomMentionables } from './use-mentions.ts';
import './comments.css';

/** The comments themselves, or the id of the list the page rendered beside the island (its JSON block is `${seed}-data`). */
type CommentsFrom = { initialComments: CommentData[]; seed?: never } | { seed: string; initialComments?: never };

export type CommentSectionProps = CommentsFrom & {
  modelType: string;
  modelId: number;
  viewer: SessionMember | null;
  allowsAnonymous: boolean;
  roomId?: number;
  /** Where a guest signs in; back to this page by default. */
  loginHref?: string;
};

export function CommentSection({ modelType, modelId, initialComments, seed, viewer, allowsAnonymous, roomId, loginHref }: CommentSectionProps) {
  const [thread] = useState(() => createCommentThread({ modelType, modelId, comments: initialComments ?? [] }));
  const [mentionables, setMentionables] = useState<RoomMentionables>();
  const { comments, replyTo, status, error } = useStore(thread.$thread);
  const member = useSessionMember(viewer);
  const signInHref = useLoginHref(loginHref);
  const draftPlace = `comment:${modelType}:${modelId}`;
  // Until then the page's own list shows, the island renders the write box only, as on the server.
  const [seeded, setSeeded] = useState(seed === undefined);

  // In the browser only: the server would build a query store for every page, for nothing.
  useEffect(() => {
    if (roomId !== undefined && viewer) setMentionables(createRoomMentionables(roomId, viewer.id));
  }, [roomId, viewer]);
  useEffect(() => {
    if (seed === undefined) return;
    thread.seed(JSON.parse(document.getElementById(`${seed}-data`)?.textContent ?? '[]') as CommentData[]);
    setSeeded(true);
  }, [seed, thread]);
  // Before the browser paints the island's list, so the two are never seen together.
  useLayoutEffect(() => {
    if (seeded && seed !== undefined) document.getElementById(seed)?.remove();
  }, [seeded, seed]);
  // A link to one of the comments (a notification's) finds it in the island's own list, as it
  // found the server's, and again when only the fragment changes (the bell's list on this post).
  useEffect(() => {
    if (!seeded) return;
    revealLinkedComment();
    window.addEventListener('hashchange', revealLinkedComment);
    return () => window.removeEventListener('hashchange', revealLinkedComment);
  }, [seeded]);

  // The write box lists what went wrong; nothing when the comment went in.
  const write = (parentId: number | null) => async (content: string, anonymous: boolean) => {
    const failure = await thread.send(content, anonymous, parentId);
    return failure === null ? null : failureMessages(failure);
  };

  const actions = commentActions(member, {
    onReply: thread.replyTo,
    onEdit: (comment) => {
      if (member) void thread.edit(comment, member.id);
    },
    onDelete: (comment) => void thread.remove(comment),
    onLike: (comment) => void thread.like(comment),
  });

  const replyBox = (top: CommentData) =>
    member && replyTo === top.id ? (
      <div className="comments-reply-form">
        <CommentForm
          label="답글"
          submitLabel="답글 남기기"
          draftOwner={member.id}
          draftPlace={`${draftPlace}:reply:${top.id}`}
          allowsAnonymous={allowsAnonymous}
          mentionables={mentionables}
          autoFocus
          onCancel={() => thread.replyTo(null)}
          onSubmit={write(top.id)}
        />
      </div>
    ) : null;

  const body = (
    <>
      {seeded ? <CommentList comments={comments} actions={actions} roomId={roomId} replyBox={replyBox} /> : null}
      {member && member.email_verified === false ? (
        <p className="comments-guest">
          <a href="/verify-email">이메일 인증</a> 후 댓글을 쓸 수 있어요.
        </p>
      ) : member ? (
        <CommentForm
          label="댓글"
          submitLabel="댓글 남기기"
          draftOwner={member.id}
          draftPlace={draftPlace}
          allowsAnonymous={allowsAnonymous}
          onSubmit={write(null)}
          mentionables={mentionables}
        />
      ) : (
        <p className="comments-guest">
          <a href={signInHref}>로그인</a>하고 댓글을 남겨 보세요.
        </p>
      )}
      <ActionFeedback status={status} error={failureMessage(error)} errorClassName="comments-error" />
    </>
  );
  // A seeded island sits inside the section Comments.astro renders around the page's list.
  return seed === undefined ? (
    <section className="comments" aria-labelledby="comments-title">
      {body}
    </section>
  ) : (
    body
  );
}
