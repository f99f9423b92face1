import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { TIME_ZONE } from './constants.ts';

// Extended once here for every module that imports dayjs (the seeds use `.tz()` for dates in Seoul).
dayjs.extend(utc);
dayjs.extend(timezone);

export type TimeInput = Date | string | number | Dayjs;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const DAYS_PER_WEEK = 7;

// The API sends microseconds (`.000000Z`); not every browser's Date parser takes more than
// three fraction digits, and milliseconds are all we display anyway.
const EXTRA_FRACTION_DIGITS = /(\.\d{3})\d+/;

// A page shows the same API times to every reader and parsing is the slow part of a relative
// time: each string's instant is kept (a few thousand at most, then the cache starts over).
const PARSED_CACHE_LIMIT = 4096;
const parsed = new Map<string, number>();

/** Milliseconds since the epoch; NaN for an invalid time. */
const epochOf = (value: TimeInput): number => {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string') return value.valueOf();
  const known = parsed.get(value);
  if (known !== undefined) return known;
  // Strings without an offset are API times too, and the API speaks UTC.
  const epoch = dayjs.utc(value.replace(EXTRA_FRACTION_DIGITS, '$1')).valueOf();
  if (parsed.size >= PARSED_CACHE_LIMIT) parsed.clear();
  parsed.set(value, epoch);
  return epoch;
};

// dayjs's `.tz()` builds a new locale formatter on every call (a third of a list page's CPU time,
// measured), and its offset arithmetic slips an hour near the machine's own daylight-saving
// changes. One formatter, made once, reads the Seoul wall clock straight from the zone database.
const SEOUL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

// A list page shows the same times to every reader, and formatToParts is the slow part: the
// clock of each minute is kept (a few thousand at most, then the cache starts over).
const CLOCK_CACHE_LIMIT = 4096;
const clocks = new Map<number, WallClock>();

const seoulClock = (value: TimeInput): WallClock | undefined => {
  const epoch = epochOf(value);
  if (Number.isNaN(epoch)) return undefined;
  const minute = Math.floor(epoch / MINUTE_MS);
  const known = clocks.get(minute);
  if (known) return known;
  const part: Record<string, string> = {};
  for (const { type, value: text } of SEOUL_CLOCK.formatToParts(minute * MINUTE_MS)) part[type] = text;
  const clock = { year: part['year']!, month: part['month']!, day: part['day']!, hour: part['hour']!, minute: part['minute']! };
  if (clocks.size >= CLOCK_CACHE_LIMIT) clocks.clear();
  clocks.set(minute, clock);
  return clock;
};

/** `2026.11.20` in Seoul; an empty string for an invalid time. */
export const formatDate = (value: TimeInput): string => {
  const clock = seoulClock(value);
  return clock ? `${clock.year}.${clock.month}.${clock.day}` : '';
};

/** `2026.11.20 14:05` in Seoul; an empty string for an invalid time. */
export const formatDateTime = (value: TimeInput): string => {
  const clock = seoulClock(value);
  return clock ? `${clock.year}.${clock.month}.${clock.day} ${clock.hour}:${clock.minute}` : '';
};

export const relativeTime = (value: TimeInput, now: TimeInput = Date.now()): string => {
  const epoch = epochOf(value);
  if (Number.isNaN(epoch)) return '';
  // A clock a little ahead of the server's must not print a future time.
  const elapsed = epochOf(now) - epoch;
  if (elapsed < MINUTE_MS) return '방금 전';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}분 전`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}시간 전`;
  return formatDate(epoch);
};

// Counting Seoul calendar days keeps the answer the same whatever the hour of either end.
const seoulDayNumber = (value: TimeInput): number => {
  const clock = seoulClock(value);
  if (!clock) return Number.NaN;
  return Date.UTC(Number(clock.year), Number(clock.month) - 1, Number(clock.day)) / DAY_MS;
};

/** Whole weeks needed to cover the span between two Seoul dates, rounded up; 0 when empty. */
export const weeksBetween = (start: TimeInput, end: TimeInput): number => {
  const days = seoulDayNumber(end) - seoulDayNumber(start);
  if (!(days > 0)) return 0;
  return Math.ceil(days / DAYS_PER_WEEK);
};
