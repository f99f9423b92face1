import { TIME_ZONE } from './constants.ts';
import { dayLabel, seoulDayKey, timeRangeLabel } from './program-calendar.ts';
import { formatDate } from './time.ts';

/**
 * The explorer's resources as the API answers them (API-CONVENTIONS.md "Rituals and the
 * explorer"): one type each, written by src/server/modules/rituals/resource.ts and read by the
 * pages and the home alike. Sessions carry public facts only: never who is in them.
 */

export type RitualType = 'monthly' | 'one_day';

/**
 * Where a session's application stands: not open yet, open with seats, open but full (마감), or
 * over (recruiting ended or the session began).
 */
export const RECRUIT_STATES = ['upcoming', 'open', 'full', 'closed'] as const;
export type RecruitState = (typeof RECRUIT_STATES)[number];

export interface RitualThemeRef {
  id: number;
  name: string;
}

export interface RitualBadge {
  id: number;
  name: string;
  text_color: string;
  background_color: string;
}

export interface RitualSessionTitleData {
  id: number;
  title: string;
  starts_at: string;
}

/** A session as anyone may read it: dates, seats, price and recruiting window. */
export interface RitualSessionSummary {
  id: number;
  ritual_id: number;
  ritual_session_title_id: number | null;
  title: string;
  starts_at: string;
  ends_at: string;
  /** Whole weeks the session spans, rounded up (src/lib/time.ts weeksBetween). */
  weeks: number;
  capacity: number;
  price: number;
  /** Capacity less the members who joined; the host takes no seat. */
  seats_left: number;
  recruit_starts_at: string | null;
  recruit_ends_at: string | null;
  recruit_state: RecruitState;
  place: string | null;
}

/** A session listed by season (GET /api/ritual-sessions): the summary and what it is a run of. */
export interface PublicRitualSession extends RitualSessionSummary {
  ritual: { id: number; type: RitualType; title: string };
}

export interface RitualItem {
  id: number;
  type: RitualType;
  title: string;
  summary: string;
  cover_image_url: string;
  cover_image_alt: string;
  theme: RitualThemeRef | null;
  badges: RitualBadge[];
  host_name: string;
  /** The soonest session still to come whose recruiting has not ended; null when none. */
  next_session: RitualSessionSummary | null;
  open_sessions_count: number;
}

export interface RitualDetail extends RitualItem {
  description_html: string;
  how_it_goes_html: string;
  host_introduction: string;
  /** Every session still to come whose recruiting has not ended, soonest first. */
  sessions: RitualSessionSummary[];
  /** The session asked for (open or not), or the next open one; null when none was asked for and none is open. */
  selected_session: RitualSessionSummary | null;
}

export interface ExplorerSection {
  key: string;
  title: string;
  items: RitualItem[];
}

/** A ritual's page, with one of its sessions chosen: every card and link that names a session leads here. */
export const ritualPagePath = (ritualId: number, sessionId?: number | null): string =>
  sessionId == null ? `/explorer/ritual/${ritualId}` : `/explorer/ritual/${ritualId}?session=${sessionId}`;

/** Few enough seats that a card says so (마감 임박). */
export const FEW_SEATS = 3;

export function recruitStateOf(
  session: { startsAt: Date; recruitStartsAt: Date | null; recruitEndsAt: Date | null; seatsLeft: number },
  now: Date,
): RecruitState {
  if (session.startsAt <= now || (session.recruitEndsAt !== null && session.recruitEndsAt <= now)) return 'closed';
  if (session.recruitStartsAt !== null && now < session.recruitStartsAt) return 'upcoming';
  return session.seatsLeft > 0 ? 'open' : 'full';
}

// One formatter, made once: building one per call is the slow part of formatting a date.
const SEOUL_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

function seoulParts(value: string | Date): { month: number; day: number; hour: number; minute: number } {
  const part: Record<string, string> = {};
  for (const { type, value: text } of SEOUL_PARTS.formatToParts(new Date(value))) part[type] = text;
  return { month: Number(part['month']), day: Number(part['day']), hour: Number(part['hour']), minute: Number(part['minute']) };
}

/** `12월 20일` in Seoul. */
export function koreanMonthDay(value: string | Date): string {
  const { month, day } = seoulParts(value);
  return `${month}월 ${day}일`;
}

/** `12월 20일 오전 10시`, `12월 20일 오후 2시 30분` in Seoul; midnight is 오전 12시. */
export function koreanMonthDayTime(value: string | Date): string {
  const { month, day, hour, minute } = seoulParts(value);
  const noon = hour >= 12 ? '오후' : '오전';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${month}월 ${day}일 ${noon} ${hour12}시${minute > 0 ? ` ${minute}분` : ''}`;
}

/**
 * What the ritual page says about applying for a session: when the window opens or closes, or
 * plainly why it cannot be applied for.
 */
export function recruitNotice(
  session: Pick<RitualSessionSummary, 'recruit_state' | 'recruit_starts_at' | 'recruit_ends_at' | 'starts_at' | 'ends_at'>,
  now: Date = new Date(),
): string {
  switch (session.recruit_state) {
    case 'upcoming':
      return `${koreanMonthDayTime(session.recruit_starts_at!)}에 신청이 열려요.`;
    case 'open':
      // Without an end of its own, recruiting runs until the session starts.
      return `신청 마감: ${koreanMonthDay(session.recruit_ends_at ?? session.starts_at)}까지`;
    case 'full':
      return '모든 자리가 찼어요.';
    case 'closed':
      if (new Date(session.ends_at) <= now) return '이미 끝난 일정이에요.';
      if (new Date(session.starts_at) <= now) return '이미 시작해서 신청할 수 없어요.';
      return '신청이 마감되었어요.';
  }
}

/**
 * When a session meets, as a card and the ritual page both say it: a one-day programme's Seoul
 * day and hours (`11월 29일 (일) 오전 7:30–9:30`), a monthly ritual's dates and whole weeks.
 */
export function sessionWhenLabel(type: RitualType, session: Pick<RitualSessionSummary, 'starts_at' | 'ends_at' | 'weeks'>): string {
  if (type === 'one_day') return `${dayLabel(seoulDayKey(session.starts_at))} ${timeRangeLabel(session.starts_at, session.ends_at)}`;
  return `${formatDate(session.starts_at)} ~ ${formatDate(session.ends_at)} (${session.weeks}주)`;
}

/** `잔여 3석`, or 마감 when none is left. */
export const seatsLabel = (seatsLeft: number): string => (seatsLeft > 0 ? `잔여 ${seatsLeft}석` : '마감');
