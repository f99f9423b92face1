/**
 * The comment list of CommentList.tsx as the server writes it around an island that has not woken
 * yet, or for a guest: the same markup, written straight into a string. React's string renderer
 * built it through some twenty objects per element; on a room post with 30 comments that was 41 %
 * of all the server allocated per page (measured). tests/unit/comment-list-html.test.ts holds the
 * two equal, byte for byte, over generated threads: a change to one must be made to the other.
 */
import { avatarImageHtml } from '../../lib/avatar.ts';
import { liveCount } from '../../lib/comment-tree.ts';
import { commentAnchor } from '../../lib/comments.ts';
import type { CommentData } from '../../lib/comments.ts';
import { escapeHtml as escape, urlAttribute as url } from '../../lib/html-markup.ts';
import { memberHref } from '../../lib/member-links.ts';
import { relativeTime } from '../../lib/time.ts';
import type { SessionMember } from '../../stores/session.ts';

const AVATAR_SIZE = 30;

/** A member's buttons, disabled while they wait for the island; a guest has none. */
interface Actions {
  canReply: boolean;
}

const button = (label: string, className = 'comment-action'): string => `<button type="button" class="${className}" disabled="">${label}</button>`;

function actionsHtml(comment: CommentData, actions: Actions | null): string {
  const likes = `좋아요 <span class="comment-likes">${comment.likes_count}</span>`;
  if (!actions) return `<span class="comment-action comment-action-static">${likes}</span>`;
  let html = `<button type="button" class="comment-action" aria-pressed="${comment.is_liked}" disabled="">${likes}<span class="visually-hidden">개</span></button>`;
  if (actions.canReply) html += button('답글');
  if (comment.is_mine) {
    if (!comment.is_hidden) html += button('수정');
    html += button('삭제', 'comment-action comment-action-danger');
  } else if (!comment.is_hidden) html += button('신고');
  return html;
}

function itemHtml(comment: CommentData, actions: Actions | null, roomId: number | undefined): string {
  const anchor = `id="${commentAnchor(comment.id)}"`;
  if (comment.is_deleted) return `<article class="comment comment-deleted" ${anchor}><p class="comment-content">${escape(comment.content)}</p></article>`;
  const name = escape(comment.author_name ?? '');
  const username = comment.author?.username;
  const author = username ? `<a class="comment-author" href="${url(memberHref(username, roomId))}">${name}</a>` : `<span class="comment-author">${name}</span>`;
  const avatar = avatarImageHtml(comment.author?.profile_image, AVATAR_SIZE);
  const time = `<time class="comment-time" dateTime="${escape(comment.created_at)}">${escape(relativeTime(comment.created_at))}</time>`;
  const edited = comment.updated_at !== comment.created_at ? '<span class="comment-edited">수정됨</span>' : '';
  return (
    `<article class="comment" ${anchor}><header class="comment-header">${avatar}${author}${time}${edited}</header>` +
    `<p class="comment-content">${escape(comment.content)}</p><footer class="comment-actions">${actionsHtml(comment, actions)}</footer></article>`
  );
}

function threadHtml(top: CommentData, actions: Actions | null, roomId: number | undefined): string {
  let html = `<li class="comments-thread">${itemHtml(top, actions, roomId)}`;
  if (top.replies.length > 0) {
    html += `<ol class="comments-replies" aria-label="${escape(`${top.author_name ?? '삭제된 댓글'}에 단 답글`)}">`;
    for (const reply of top.replies) html += `<li>${itemHtml(reply, actions, roomId)}</li>`;
    html += '</ol>';
  }
  return `${html}</li>`;
}

/** CommentList's markup for `viewer` (null: a guest, who reads only), its buttons disabled. */
export function commentListHtml(comments: CommentData[], viewer: SessionMember | null, roomId: number | undefined): string {
  const actions = viewer ? { canReply: viewer.email_verified !== false } : null;
  let html = `<h2 id="comments-title" class="comments-title">댓글 <span class="comments-count">${liveCount(comments)}</span></h2>`;
  if (comments.length === 0) html += '<p class="comments-empty">아직 댓글이 없어요. 첫 댓글을 남겨 보세요.</p>';
  html += '<ol class="comments-list">';
  for (const top of comments) html += threadHtml(top, actions, roomId);
  return `${html}</ol>`;
}

/** CommentSection's markup for a guest, who gets no island: the list, then the way to sign in. */
export function guestCommentsHtml(comments: CommentData[], roomId: number | undefined, loginHref = '/login'): string {
  return (
    `<section class="comments" aria-labelledby="comments-title">${commentListHtml(comments, null, roomId)}` +
    `<p class="comments-guest"><a href="${url(loginHref)}">로그인</a>하고 댓글을 남겨 보세요.</p>` +
    '<p class="visually-hidden" role="status" aria-live="polite"></p></section>'
  );
}
