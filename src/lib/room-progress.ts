import { TIME_ZONE } from './constants.ts';
import type { RoomPostCategoryName } from './rooms.ts';

/**
 * A member's progress in a room and across rooms (API-CONVENTIONS.md "Rooms"): the resources the
 * API answers and the pages render, and the pure day arithmetic behind them. Every day here is a
 * Seoul calendar date written `YYYY-MM-DD`.
 */

export interface DayCount {
  date: string;
  count: number;
}

export interface Streaks {
  current: number;
  best: number;
}

/** One member's line in the room's completion list: named only when they chose to be. */
export interface MemberRate {
  completion_rate: number;
  days_done: number;
  is_me: boolean;
  /** Null unless the member shares their progress (or it is the reader's own line). */
  user: { id: number; nickname: string; username: string } | null;
}

/** `GET /api/ritual-sessions/{id}/report`. */
export interface RoomReport {
  ritual_session_id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  /** Today in Seoul, as the server counted. */
  today: string;
  days: string[];
  /** Days of the session up to today (all of them once it is over). */
  days_elapsed: number;
  days_done: string[];
  completion_rate: number;
  streaks: Streaks;
  posts_by_category: Record<RoomPostCategoryName, number>;
  room_posts_by_category: Record<RoomPostCategoryName, number>;
  shares_progress: boolean;
  /** Highest rate first; a member who does not share is a rate without a name. */
  members: MemberRate[];
  room_completion_rate: number;
}

/** One session's completion in the member's stats: days done of the days so far, as the report counts. */
export interface RitualSessionCompletion {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  /** How many Seoul days the session runs. */
  days: number;
  /** Of those, the days up to today (all of them once it is over). */
  days_elapsed: number;
  days_done: number;
  completion_rate: number;
}

/** The last 365 Seoul days: only the days with something done, with how many sessions were done. */
export interface RitualYear {
  from: string;
  to: string;
  days: { day: string; count: number }[];
}

/** `GET /api/me/ritual-stats`. */
export interface RitualStats {
  sessions_joined: number;
  sessions_running: number;
  sessions_finished: number;
  days_done: number;
  current_streak: number;
  best_streak: number;
  posts_count: number;
  comments_count: number;
  year: RitualYear;
  /** Newest first. */
  sessions: RitualSessionCompletion[];
}

/** A member's comment in a room (`GET /api/me/ritual-session-comments`). */
export interface RoomCommentItem {
  id: number;
  content: string;
  created_at: string;
  model_type: 'ritual_session_post' | 'ritual_session_thread';
  model_id: number;
  ritual_session_id: number;
  ritual_session_title: string;
  link: string;
}

/** A room post in a member's list (`GET /api/ritual-session-posts/users/{userId}`). */
export interface MemberRoomPost {
  id: number;
  ritual_session_id: number;
  ritual_session_title: string;
  category: RoomPostCategoryName;
  category_text: string;
  title: string | null;
  excerpt: string;
  thumbnail_url: string | null;
  is_public: boolean;
  comments_count: number;
  reactions_count: number;
  created_at: string;
  link: string;
}

export interface CursorPage<T> {
  data: T[];
  meta: { next_cursor: string | null; per_page: number };
}

const DAY_MS = 86_400_000;

const SEOUL_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Seoul calendar date of an instant. */
export const seoulDate = (at: Date | string | number): string => SEOUL_DATE.format(new Date(at));

const dayNumber = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by whole days. */
export const addDays = (date: string, days: number): string => dateOf(dayNumber(date) + days);

/** Every date from `first` to `last`, both included; empty when `last` is before `first`. */
export function datesBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = dayNumber(first); day <= dayNumber(last); day += 1) out.push(dateOf(day));
  return out;
}

/**
 * The Seoul days a session runs: from the day it starts to the day of its last instant. A session
 * that ends at a Seoul midnight does not own the day that midnight begins.
 */
export const sessionDays = (startsAt: Date | string, endsAt: Date | string): string[] =>
  datesBetween(seoulDate(startsAt), seoulDate(new Date(endsAt).getTime() - 1));

/** Whole percent, rounded down so that 100 means every day. */
export const ratePercent = (done: number, total: number): number => (total > 0 ? Math.floor((done * 100) / total) : 0);

/**
 * The best run of consecutive done days, and the run that is still going: ending today, or
 * yesterday while today is not over (a day not yet done has not broken anything).
 */
export function streaksOf(doneDates: Iterable<string>, today: string): Streaks {
  const days = [...new Set(doneDates)].map(dayNumber).sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of days) {
    run = day === previous + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  const done = new Set(days);
  const todayNumber = dayNumber(today);
  let cursor = done.has(todayNumber) ? todayNumber : todayNumber - 1;
  let current = 0;
  while (done.has(cursor)) {
    current += 1;
    cursor -= 1;
  }
  return { current, best };
}

export const WEEKDAY_TEXTS = ['일', '월', '화', '수', '목', '금', '토'] as const;

/** The weekday of a date, 0 for Sunday. */
export const weekdayOf = (date: string): number => new Date(dayNumber(date) * DAY_MS).getUTCDay();

/** Dates in weeks of seven from Sunday (or `firstWeekday`, 1 for Monday), with null before the first and after the last. */
export function calendarWeeks(dates: readonly string[], firstWeekday = 0): (string | null)[][] {
  if (dates.length === 0) return [];
  const lead = (weekdayOf(dates[0]!) - firstWeekday + 7) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** `11월 24일 (화)`. */
export function koreanDay(date: string): string {
  return `${Number(date.slice(5, 7))}월 ${Number(date.slice(8, 10))}일 (${WEEKDAY_TEXTS[weekdayOf(date)]})`;
}

/** The year a heatmap shows: 53 weeks from a Sunday, ending with the week of `today`. */
export function heatmapRange(today: string): { first: string; last: string } {
  const last = today;
  const first = addDays(today, -(52 * 7 + weekdayOf(today)));
  return { first, last };
}

/** The 365 Seoul days up to `today` that the member's year of rituals covers. */
export const ritualYearRange = (today: string): { from: string; to: string } => ({ from: addDays(today, -364), to: today });
