import { formatDate, formatDateTime } from './time.ts';
import type { TimeInput } from './time.ts';

/**
 * The one-day programmes' month calendar, in Seoul days: which month a time belongs to, the
 * instants a month spans, its grid of weeks and the Korean labels of days and times. Pure, so
 * the API, the page and the unit tests share it.
 */

export interface SeoulMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** The calendar's years: far enough either way for any programme, and always four digits. */
export const CALENDAR_YEAR_MIN = 2000;
export const CALENDAR_YEAR_MAX = 2100;

export const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

const pad = (value: number): string => String(value).padStart(2, '0');

export const isCalendarMonth = ({ year, month }: SeoulMonth): boolean =>
  Number.isInteger(year) &&
  Number.isInteger(month) &&
  year >= CALENDAR_YEAR_MIN &&
  year <= CALENDAR_YEAR_MAX &&
  month >= 1 &&
  month <= 12;

/** The Seoul day of a time as `2026-12-05`; an empty string for an invalid time. */
export const seoulDayKey = (value: TimeInput): string => formatDate(value).replaceAll('.', '-');

/** The Seoul month a time falls in. */
export function seoulMonthOf(value: TimeInput): SeoulMonth {
  const [year, month] = seoulDayKey(value).split('-').map(Number);
  return { year: year!, month: month! };
}

/**
 * The first instant of the month and the first of the next, in UTC. Korea has kept one offset,
 * +09:00, all year since 1988, so a Seoul midnight is 15:00 UTC the day before.
 */
export function seoulMonthRange({ year, month }: SeoulMonth): { start: Date; end: Date } {
  const next = shiftMonth({ year, month }, 1);
  return {
    start: new Date(`${year}-${pad(month)}-01T00:00:00+09:00`),
    end: new Date(`${next.year}-${pad(next.month)}-01T00:00:00+09:00`),
  };
}

export function shiftMonth({ year, month }: SeoulMonth, delta: number): SeoulMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `?year=2026&month=12` as a month of the calendar; null unless both are plain digits of one. */
export function parseCalendarMonth(year: string | null, month: string | null): SeoulMonth | null {
  if (!year || !month || !/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month)) return null;
  const asked = { year: Number(year), month: Number(month) };
  return isCalendarMonth(asked) ? asked : null;
}

/**
 * The month a page address asks for, or the current Seoul month when either is missing or not a
 * month of the calendar: a person who mistyped still sees a calendar.
 */
export const monthFromQuery = (year: string | null, month: string | null, now: TimeInput = Date.now()): SeoulMonth =>
  parseCalendarMonth(year, month) ?? seoulMonthOf(now);

const daysIn = ({ year, month }: SeoulMonth): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekdayOf = (year: number, month: number, day: number): number => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

export interface CalendarDay {
  day: number;
  /** `2026-12-05`, the key events are grouped under. */
  key: string;
  /** 0 for Sunday. */
  weekday: number;
}

/** The month's weeks, Sunday first; the days before the 1st and after the last are null. */
export function monthGrid(target: SeoulMonth): Array<Array<CalendarDay | null>> {
  const first = weekdayOf(target.year, target.month, 1);
  const cells: Array<CalendarDay | null> = Array.from({ length: first }, () => null);
  for (let day = 1; day <= daysIn(target); day++) {
    cells.push({ day, key: `${target.year}-${pad(target.month)}-${pad(day)}`, weekday: (first + day - 1) % 7 });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** `2026년 12월`. */
export const monthLabel = ({ year, month }: SeoulMonth): string => `${year}년 ${month}월`;

/** `12월 5일 (토)` for a day key. */
export function dayLabel(key: string): string {
  const [year, month, day] = key.split('-').map(Number);
  return `${month}월 ${day}일 (${WEEKDAYS[weekdayOf(year!, month!, day!)]})`;
}

const clockOf = (value: TimeInput): { hour: number; minute: string } => {
  const [hour, minute] = formatDateTime(value).split(' ')[1]!.split(':');
  return { hour: Number(hour), minute: minute! };
};

const meridiem = (hour: number): string => (hour < 12 ? '오전' : '오후');
const twelveHour = (hour: number): number => (hour % 12 === 0 ? 12 : hour % 12);

/**
 * `오후 2:00–4:00` in Seoul, the half of the day said once when both ends share it
 * (`오전 11:00–오후 1:00` otherwise). An event that ends on a later day ends at its own date.
 */
export function timeRangeLabel(start: TimeInput, end: TimeInput): string {
  const from = clockOf(start);
  const to = clockOf(end);
  const sameDay = seoulDayKey(start) === seoulDayKey(end);
  const fromText = `${meridiem(from.hour)} ${twelveHour(from.hour)}:${from.minute}`;
  const toClock = `${twelveHour(to.hour)}:${to.minute}`;
  if (!sameDay) return `${fromText}–${dayLabel(seoulDayKey(end))} ${meridiem(to.hour)} ${toClock}`;
  return meridiem(from.hour) === meridiem(to.hour) ? `${fromText}–${toClock}` : `${fromText}–${meridiem(to.hour)} ${toClock}`;
}


/** Events (already in time order) grouped by their Seoul start day, days in order. */
export function eventsByDay<T extends { starts_at: string }>(events: readonly T[]): Array<{ key: string; events: T[] }> {
  const days: Array<{ key: string; events: T[] }> = [];
  for (const event of events) {
    const key = seoulDayKey(event.starts_at);
    const last = days.at(-1);
    if (last?.key === key) last.events.push(event);
    else days.push({ key, events: [event] });
  }
  return days;
}
