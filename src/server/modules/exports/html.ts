import { formatWon } from '../../../lib/numbers.ts';
import { ORDER_STATUS_LABELS } from '../../../lib/orders.ts';
import type { OrderStatus } from '../../../lib/orders.ts';
import { ROOM_CATEGORY_LABELS } from '../../../lib/rooms.ts';
import type { RoomPostCategoryName } from '../../../lib/rooms.ts';
import { formatDate, formatDateTime } from '../../../lib/time.ts';
import type { PictureSet } from './pictures.ts';
import type {
  ExportCheckIn,
  ExportComment,
  ExportLetter,
  ExportOrder,
  ExportProfile,
  ExportReview,
  ExportRoomPost,
  ExportSession,
  ExportSquarePost,
  ExportThread,
} from './records.ts';

/**
 * The export's pages a person opens offline: plain HTML with its CSS inline, in Korean, the
 * pictures from the ZIP's images/ folder. Each function writes one piece; the builder streams the
 * pieces, so a page of two thousand records is never one string.
 */

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const paragraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');

const STYLE = `body{margin:0;background:#faf8f5;color:#1d1d1f;font-family:Pretendard,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR',sans-serif;line-height:1.6;word-break:keep-all;overflow-wrap:anywhere}
main{max-width:704px;margin:0 auto;padding:24px 20px 64px}
h1{font-size:24px;margin:0 0 8px}h2{font-size:19px;margin:40px 0 12px;padding-top:16px;border-top:1px solid #e7e2dc}h3{font-size:16px;margin:0 0 4px}
.lead,.meta{color:#5f5b57;font-size:14px}
article,.card{background:#fff;border:1px solid #e7e2dc;border-radius:14px;padding:16px;margin:12px 0}
img{max-width:100%;height:auto;border-radius:8px}
.avatar{width:72px;height:72px;border-radius:50%;object-fit:cover}
ul.days{display:flex;flex-wrap:wrap;gap:6px;padding:0;list-style:none}ul.days li{background:#fff1e6;color:#9a3412;border-radius:999px;padding:2px 10px;font-size:14px}
a{color:#c2410c}
table{width:100%;border-collapse:collapse;font-size:14px}td,th{text-align:left;padding:4px 0;border-bottom:1px solid #f0ebe5}`;

export const pageStart = (title: string, lead: string): string =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(lead)}</p>`;

export const pageEnd = (): string => `</main></body></html>\n`;

export const heading = (text: string): string => `<h2>${escapeHtml(text)}</h2>`;

export const empty = (text: string): string => `<p class="meta">${escapeHtml(text)}</p>`;

export function profileHtml(profile: ExportProfile, pictures: PictureSet): string {
  const picture = pictures.pathOf(profile.profile_image);
  return (
    `<section class="card">${picture ? `<img class="avatar" src="${escapeHtml(picture)}" alt="프로필 사진" width="72" height="72">` : ''}` +
    `<h3>${escapeHtml(profile.nickname)} (@${escapeHtml(profile.username)})</h3>` +
    `<p class="meta">${escapeHtml(profile.email)} · ${formatDate(profile.created_at)} 가입</p>` +
    (profile.introduction ? paragraphs(profile.introduction) : '') +
    `</section>`
  );
}

export const sessionLinkHtml = (session: ExportSession): string =>
  `<li><a href="sessions/${session.id}.html">${escapeHtml(session.title)}</a> <span class="meta">${formatDate(session.starts_at)} – ${formatDate(session.ends_at)}</span></li>`;

export const sessionLead = (session: ExportSession): string =>
  `${session.ritual_title ? `${session.ritual_title} · ` : ''}${formatDate(session.starts_at)} – ${formatDate(session.ends_at)}`;

export const backLink = (): string => `<p><a href="../index.html">← 내 기록 처음으로</a></p>`;

export const checkInDaysHtml = (checkIns: ExportCheckIn[]): string =>
  `<ul class="days">${checkIns.map((checkIn) => `<li title="${escapeHtml(checkIn.check_in_text ?? '')}">${formatDate(`${checkIn.day}T12:00:00+09:00`)}</li>`).join('')}</ul>`;

export const letterHtml = (letter: ExportLetter): string =>
  `<article><p class="meta">${formatDateTime(letter.updated_at)}에 씀${letter.delivered_at ? ` · ${formatDate(letter.delivered_at)}에 도착` : ''}</p>${paragraphs(letter.content)}</article>`;

export const roomPostHtml = (post: ExportRoomPost, pictures: PictureSet, prefix: string): string =>
  `<article><p class="meta">${escapeHtml(ROOM_CATEGORY_LABELS[post.category as RoomPostCategoryName] ?? post.category)} · ${formatDateTime(post.created_at)}</p>` +
  (post.title ? `<h3>${escapeHtml(post.title)}</h3>` : '') +
  `${pictures.rewrite(post.content_html, prefix)}</article>`;

export const threadHtml = (thread: ExportThread, pictures: PictureSet, prefix: string): string =>
  `<article><p class="meta">${formatDateTime(thread.created_at)}</p><h3>${escapeHtml(thread.title)}</h3>${pictures.rewrite(thread.content_html, prefix)}</article>`;

export const squarePostHtml = (post: ExportSquarePost, pictures: PictureSet): string =>
  `<article><p class="meta">${escapeHtml(post.category)} · ${formatDateTime(post.created_at)}${post.is_anonymous ? ' · 익명' : ''}</p>` +
  `<h3>${escapeHtml(post.title)}</h3>${pictures.rewrite(post.content_html, '')}</article>`;

export function reviewHtml(review: ExportReview, pictures: PictureSet): string {
  const photo = pictures.pathOf(review.photo_image_url);
  return (
    `<article><p class="meta">${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} · ${formatDateTime(review.created_at)}</p>` +
    `<h3>${escapeHtml(review.reviewable_title ?? '후기')}</h3>${pictures.rewrite(review.content_html, '')}` +
    (photo ? `<img src="${escapeHtml(photo)}" alt="후기 사진">` : '') +
    `</article>`
  );
}

export const commentHtml = (comment: ExportComment): string =>
  `<article><p class="meta">${formatDateTime(comment.created_at)}${comment.is_anonymous ? ' · 익명' : ''}</p>${paragraphs(comment.content)}</article>`;

export const orderHtml = (order: ExportOrder): string =>
  `<article><p class="meta">${formatDateTime(order.created_at)} · ${escapeHtml(ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status)} · 주문번호 ${escapeHtml(order.order_number)}</p>` +
  `<h3>${escapeHtml(order.title)}</h3><table><tbody>` +
  order.items
    .map((item) => `<tr><td>${escapeHtml(item.name)}${item.option_name ? ` (${escapeHtml(item.option_name)})` : ''} × ${item.quantity}</td><td>${formatWon(item.line_amount)}</td></tr>`)
    .join('') +
  `<tr><th>결제 금액</th><th>${formatWon(order.amount)}</th></tr></tbody></table></article>`;
