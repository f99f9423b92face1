/**
 * A list of room posts as cards (a room's feed, saved room posts), written straight into a string.
 * Astro's template built each card through a dozen render calls and attribute objects: a room's page
 * of twenty cards was some 6 % of what the server allocated per page and a tenth of its time
 * (measured). The styles are RoomPostCards.astro's.
 */
import { avatarImageHtml } from '../../lib/avatar.ts';
import { escapeHtml, urlAttribute } from '../../lib/html-markup.ts';
import type { RoomPostItem } from '../../lib/rooms.ts';
import { roomPostPath } from '../../lib/rooms.ts';
import { relativeTime } from '../../lib/time.ts';

function cardHtml(post: RoomPostItem): string {
  const title = post.title ? `<h3 class="title">${escapeHtml(post.title)}</h3>` : '';
  const thumb = post.thumbnail_url ? `<img class="thumb" src="${urlAttribute(post.thumbnail_url)}" alt="" width="72" height="72" loading="lazy">` : '';
  return (
    `<li><article class="room-post-card"><a class="card-link" href="${urlAttribute(roomPostPath(post))}">` +
    `<p class="meta"><span class="category">${escapeHtml(post.category_name)}</span>` +
    `<span class="author">${avatarImageHtml(post.author.profile_image, 24)}${escapeHtml(post.author.nickname)}</span>` +
    `<time datetime="${escapeHtml(post.created_at)}">${escapeHtml(relativeTime(post.created_at))}</time></p>` +
    `${title}<p class="excerpt">${escapeHtml(post.excerpt)}</p>${thumb}` +
    `<p class="counts"><span>댓글 ${post.comments_count}</span><span>반응 ${post.reactions_count}</span><span>읽음 ${post.reads_count}</span></p>` +
    '</a></article></li>'
  );
}

export function roomPostCardsHtml(posts: RoomPostItem[]): string {
  let html = '<ul class="room-post-cards">';
  for (const post of posts) html += cardHtml(post);
  return `${html}</ul>`;
}
