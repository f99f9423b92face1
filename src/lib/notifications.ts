/**
 * Notifications as the browser reads them (SPEC §2 Notification screen, §3, the issue 7 contract):
 * the API's resource, where an item leads, and what it says. Pure, so the bell, the dropdown, the
 * /notification page and the tests share one rule.
 */
import { commentAnchor } from './comments.ts';
import type { ReactionTypeName } from './reactions.ts';

export type NotificationTarget = 'post' | 'comment' | 'coupon';

export interface NotificationData {
  title: string;
  link: string | null;
  target: NotificationTarget;
  /** The actor's nickname; null when they acted anonymously (and for a coupon). */
  nickname: string | null;
  is_mention: boolean;
  /** The member's own letter to themselves, delivered at the end of a room (no actor). */
  is_letter: boolean;
  /** The team answered one of the member's inquiries (no actor; the link is the inquiry). */
  is_inquiry_answer: boolean;
  /** The member's order was paid (no actor; the title is the order's, the link its page in 마이페이지). */
  is_order_paid: boolean;
  /** The member's export is ready to download (no actor; the link is 마이페이지's export). */
  is_export_ready: boolean;
  reaction_type: ReactionTypeName | null;
  reaction_type_text: string | null;
  profile_image: string | null;
  ritual_session_id: number | null;
  ritual_session_thread_id: number | null;
  square_post_category_slug: string | null;
  /** The square post (or the room post when ritual_session_id is set); null for a coupon. */
  id: number | null;
  /** The comment it is about (a comment, a reply or a mention), which the post opens at; null otherwise. */
  comment_id: number | null;
}

export interface NotificationItem {
  id: number;
  read_at: string | null;
  created_at: string;
  data: NotificationData;
}

export interface NotificationPage {
  data: NotificationItem[];
  meta: { next_cursor: string | null; per_page: number };
}

/** `GET /api/notifications/new`: data is set while the member's newest notification is unread. */
export interface NewNotificationAnswer {
  data: { id: number; created_at: string } | null;
}

export const NOTIFICATIONS_PATH = '/notification';
export const NOTIFICATION_BOX_TITLE = '알림함';
export const EMPTY_NOTIFICATIONS_TEXT = '알림 내역이 없습니다';
export const UNREAD_LABEL = '읽지 않음';
export const COUPON_PAGE = '/mypage/coupon';

/** What the server sends for an actor whose account is gone. */
export const DELETED_MEMBER_NAME = '탈퇴한 회원';



/**
 * Where an item leads: its own link if given; else the coupon page for a coupon; else the room
 * thread or the room post; else the square post. Null when the data names no place at all. An
 * item about a comment opens its page at that comment.
 */
export function notificationLink(data: NotificationData): string | null {
  const place = notificationPlace(data);
  if (place === null || data.comment_id === null) return place;
  return `${place}#${commentAnchor(data.comment_id)}`;
}

function notificationPlace(data: NotificationData): string | null {
  if (data.link) return data.link;
  if (data.target === 'coupon') return COUPON_PAGE;
  if (data.ritual_session_id !== null) {
    if (data.ritual_session_thread_id !== null) {
      return `/room/${data.ritual_session_id}/thread/${data.ritual_session_thread_id}?isExternal=true`;
    }
    if (data.id !== null) return `/room/${data.ritual_session_id}/${data.id}`;
  }
  if (data.square_post_category_slug && data.id !== null) {
    return `/square/${encodeURIComponent(data.square_post_category_slug)}/${data.id}`;
  }
  return null;
}

/** Every item as read at `at` (모두 읽음); those read before keep their time. */
export const allMarkedRead = (items: NotificationItem[], at: string): NotificationItem[] =>
  items.map((item) => (item.read_at === null ? { ...item, read_at: at } : item));

/** Who did it, as the sentence's subject: `닉네임님이`, `익명의 회원이`, `탈퇴한 회원이`. */
function subject(nickname: string | null): string {
  if (nickname === null || nickname.trim() === '') return '익명의 회원이';
  if (nickname === DELETED_MEMBER_NAME) return `${DELETED_MEMBER_NAME}이`;
  return `${nickname}님이`;
}

/** The item's first line: what happened. */
export function notificationMessage(data: NotificationData): string {
  if (data.target === 'coupon') return '쿠폰이 도착했어요.';
  if (data.is_letter) return '리추얼 동안 나에게 쓴 편지가 도착했어요.';
  if (data.is_inquiry_answer) return '문의하신 내용에 운영팀 답변이 등록되었어요.';
  if (data.is_order_paid) return '결제가 완료되었어요. 주문 내역을 확인해 보세요.';
  if (data.is_export_ready) return '내 기록을 내려받을 준비가 됐어요. 7일 안에 내려받아 주세요.';
  const who = subject(data.nickname);
  if (data.is_mention) return `${who} 댓글에서 회원님을 언급했어요.`;
  if (data.reaction_type_text) return `${who} 회원님의 글에 '${data.reaction_type_text}' 반응을 남겼어요.`;
  if (data.target === 'comment') return `${who} 회원님의 댓글에 답글을 남겼어요.`;
  return `${who} 회원님의 글에 댓글을 남겼어요.`;
}

/** The picture beside an item: none (the default avatar) for an anonymous actor or a coupon. */
export function notificationImage(data: NotificationData): string | null {
  if (data.target === 'coupon' || data.is_letter || data.is_inquiry_answer || data.is_order_paid || data.is_export_ready || data.nickname === null) return null;
  return data.profile_image || null;
}

export const isUnread = (item: Pick<NotificationItem, 'read_at'>): boolean => item.read_at === null;

/** The item as read from now on (the list styles it as read after a click). */
export function markedRead(items: NotificationItem[], id: number, at: string): NotificationItem[] {
  return items.map((item) => (item.id === id && item.read_at === null ? { ...item, read_at: at } : item));
}
