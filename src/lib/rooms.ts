import type { CommentData } from './comments.ts';
import { seoulDayKey } from './program-calendar.ts';
import type { ReactionCounts, ReactionTypeName } from './reactions.ts';

/**
 * The rooms' resources as the API answers them (API-CONVENTIONS.md "Rooms"): one type each,
 * written by the server's serializers (src/server/modules/rooms/resource.ts) and read by the
 * pages and islands; and the pure rules of a room's calendar that both sides apply.
 */

export const ROOM_POST_CATEGORIES = ['notice', 'wakeup', 'ritual_goal', 'weekly_goal', 'inspiration', 'retrospect'] as const;
export type RoomPostCategoryName = (typeof ROOM_POST_CATEGORIES)[number];
/** The five a member writes; `notice` is the host's and staff's. */
export const RECORD_CATEGORIES = ROOM_POST_CATEGORIES.filter((category) => category !== 'notice');

export const ROOM_CATEGORY_LABELS: Record<RoomPostCategoryName, string> = {
  notice: '공지',
  wakeup: '기상선언',
  ritual_goal: '이번 리추얼 목표 선언',
  weekly_goal: '이주의 목표',
  inspiration: '영감 공유',
  retrospect: '회고',
};

export const ROOM_TABS = ['check', 'notice'] as const;
export type RoomTab = (typeof ROOM_TABS)[number];
export const ROOM_TAB_LABELS: Record<RoomTab, string> = { check: '기록', notice: '공지글' };

export const ROOM_STATES = ['upcoming', 'running', 'finished'] as const;
export type RoomState = (typeof ROOM_STATES)[number];
export type RoomRole = 'host' | 'member';

/** Members write until a week after the end, so a last retrospect still has its place. */
export const POSTING_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

interface Span {
  starts_at: string | Date;
  ends_at: string | Date;
}

const ms = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));

export function roomStateOf(span: Span, now: Date | number = Date.now()): RoomState {
  const at = typeof now === 'number' ? now : now.getTime();
  if (at < ms(span.starts_at)) return 'upcoming';
  if (at < ms(span.ends_at)) return 'running';
  return 'finished';
}

/** Posting is open from the start until POSTING_GRACE_DAYS after the end. */
export function isPostingOpen(span: Span, now: Date | number = Date.now()): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  return at >= ms(span.starts_at) && at < ms(span.ends_at) + POSTING_GRACE_DAYS * DAY_MS;
}

const dayNumber = (value: string | Date | number): number => Date.parse(`${seoulDayKey(value)}T00:00:00Z`) / DAY_MS;

/** Seoul calendar days from `from` to `to` (0 on the same Seoul day). */
export const seoulDaysBetween = (from: string | Date | number, to: string | Date | number): number => dayNumber(to) - dayNumber(from);

/**
 * What a room's card says about its calendar: `D-3` before it starts, `5일 남음` while it runs
 * (`오늘 마지막 날` on its last Seoul day), `종료` after.
 */
export function roomCountdown(span: Span, now: Date | number = Date.now()): string {
  const state = roomStateOf(span, now);
  if (state === 'upcoming') {
    const days = seoulDaysBetween(now, span.starts_at);
    return days <= 0 ? 'D-day' : `D-${days}`;
  }
  if (state === 'finished') return '종료';
  // ends_at is the instant the room closes: its last day is the Seoul day just before it.
  const left = seoulDaysBetween(now, ms(span.ends_at) - 1);
  return left <= 0 ? '오늘 마지막 날' : `${left}일 남음`;
}

/**
 * The members named with `@nickname` in a comment, each once. At every `@` the longest nickname
 * that follows is taken, so `@김하늘별` names 김하늘별 and not 김하늘 when both are members;
 * an `@` followed by no member's name stays text.
 */
export function mentionedMembers<T extends { nickname: string }>(content: string, members: readonly T[]): T[] {
  const byLength = [...members].filter((member) => member.nickname.length > 0).sort((a, b) => b.nickname.length - a.nickname.length);
  const found = new Set<T>();
  let at = content.indexOf('@');
  while (at !== -1) {
    const match = byLength.find((member) => content.startsWith(member.nickname, at + 1));
    if (match) found.add(match);
    at = content.indexOf('@', at + 1 + (match?.nickname.length ?? 0));
  }
  return [...found];
}

export interface RoomMember {
  id: number;
  nickname: string;
  profile_image: string | null;
  username: string;
  role: RoomRole;
}

export interface RoomRitualRef {
  id: number | null;
  title: string;
  cover_image_url: string | null;
}

export interface CheckInData {
  id: number;
  day: string;
  check_in_text_id: number | null;
  text: string | null;
  content: string | null;
  created_at: string;
}

export interface RoomSummary {
  id: number;
  title: string;
  ritual: RoomRitualRef;
  starts_at: string;
  ends_at: string;
  state: RoomState;
  /** D-3, 5일 남음, 종료. */
  countdown: string;
  role: RoomRole | null;
  checked_in_today: boolean;
}

export interface RoomDetail extends RoomSummary {
  members_count: number;
  /** The host or staff: writes notices, may remove members' posts. */
  leads: boolean;
  can_post: boolean;
  can_check_in: boolean;
  today_check_in: CheckInData | null;
}

export interface RoomInfo {
  id: number;
  title: string;
  ritualSessionUsers: RoomMember[];
}

export interface RoomAuthor {
  id: number;
  nickname: string;
  username: string;
  profile_image: string | null;
}

export interface RoomPostItem {
  id: number;
  ritual_session_id: number;
  category: RoomPostCategoryName;
  category_name: string;
  title: string | null;
  excerpt: string;
  thumbnail_url: string | null;
  is_public: boolean;
  author: RoomAuthor;
  comments_count: number;
  reactions_count: number;
  reads_count: number;
  /** Hidden by staff: title and excerpt are the notice. */
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
}

export interface RoomPostDetail extends RoomPostItem {
  content_html: string;
  reaction_counts: ReactionCounts;
  my_reactions: ReactionTypeName[];
  is_saved: boolean;
  is_mine: boolean;
  can_edit: boolean;
  can_delete: boolean;
  comments: CommentData[];
}

/** What a guest reads of a public post from a shared link: no comments, nobody's reactions. */
export interface PublicRoomPost {
  id: number;
  ritual_session_id: number;
  room_title: string;
  category: RoomPostCategoryName;
  category_name: string;
  title: string | null;
  excerpt: string;
  content_html: string;
  thumbnail_url: string | null;
  author: RoomAuthor;
  created_at: string;
}

export interface RoomThreadItem {
  id: number;
  ritual_session_id: number;
  title: string;
  excerpt: string;
  thumbnail_url: string | null;
  author: RoomAuthor;
  comments_count: number;
  reactions_count: number;
  created_at: string;
  updated_at: string;
}

export interface RoomThreadDetail extends RoomThreadItem {
  content_html: string;
  reaction_counts: ReactionCounts;
  my_reactions: ReactionTypeName[];
  is_mine: boolean;
  can_edit: boolean;
  can_delete: boolean;
  comments: CommentData[];
}

export interface RoomReader {
  id: number;
  nickname: string;
  username: string;
  profile_image: string | null;
  read_at: string;
}

export interface CheckInTextData {
  id: number;
  text: string;
}

export const roomPostPath = (post: { ritual_session_id: number; id: number }): string => `/room/${post.ritual_session_id}/${post.id}`;
export const roomThreadPath = (thread: { ritual_session_id: number; id: number }): string =>
  `/room/${thread.ritual_session_id}/thread/${thread.id}`;
/** The address of a public post that anyone may open. */
export const sharedRoomPostPath = (post: { ritual_session_id: number; id: number }): string =>
  `/shared/room/${post.ritual_session_id}/${post.id}`;
