import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, relativeTime, weeksBetween } from '../../src/lib/time.ts';

// 23:30 UTC on 19 November is already 08:30 on 20 November in Seoul.
const LATE_UTC = '2026-11-19T23:30:00.000000Z';
const NOW = new Date('2026-11-20T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The unit project runs in America/Los_Angeles (vitest.config.ts), far west of UTC, so any use
// of the machine's zone shows up as a wrong date.
it('runs on a machine far from Seoul', () => {
  expect(new Date(LATE_UTC).getTimezoneOffset()).toBeGreaterThan(0);
});

const ago = (ms: number): Date => new Date(NOW.getTime() - ms);

describe('formatDate and formatDateTime', () => {
  it('show the Seoul date, not the UTC one', () => {
    expect(formatDate(LATE_UTC)).toBe('2026.11.20');
    expect(formatDateTime(LATE_UTC)).toBe('2026.11.20 08:30');
  });

  it('read API times with six fraction digits', () => {
    expect(formatDateTime('2026-11-20T05:05:59.999999Z')).toBe('2026.11.20 14:05');
  });

  it('read strings without an offset as UTC', () => {
    expect(formatDateTime('2026-11-19 23:30:00')).toBe('2026.11.20 08:30');
  });

  it('accept a Date, a number and a dayjs value', () => {
    const date = new Date(LATE_UTC);
    expect(formatDateTime(date)).toBe('2026.11.20 08:30');
    expect(formatDateTime(date.getTime())).toBe('2026.11.20 08:30');
    expect(formatDateTime(dayjs(date))).toBe('2026.11.20 08:30');
  });

  it('keep the Seoul date at the last minute of a Seoul day', () => {
    expect(formatDateTime('2026-11-20T14:59:00Z')).toBe('2026.11.20 23:59');
    expect(formatDate('2026-11-20T15:00:00Z')).toBe('2026.11.21');
  });

  it('answer an empty string for an invalid time', () => {
    expect(formatDate('not a time')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('relativeTime', () => {
  it.each([
    [0, '방금 전'],
    [59 * SECOND, '방금 전'],
    [60 * SECOND, '1분 전'],
    [59 * MINUTE + 59 * SECOND, '59분 전'],
    [HOUR, '1시간 전'],
    [23 * HOUR + 59 * MINUTE, '23시간 전'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it('shows the Seoul date from one day on', () => {
    expect(relativeTime(ago(DAY), NOW)).toBe('2026.11.19');
    expect(relativeTime(LATE_UTC, '2026-11-21T00:00:00Z')).toBe('2026.11.20');
  });

  it('reads a time in the future as just now', () => {
    expect(relativeTime(ago(-5 * MINUTE), NOW)).toBe('방금 전');
  });

  it('accepts API strings for both times', () => {
    expect(relativeTime('2026-11-20T11:58:00.000000Z', '2026-11-20T12:00:00.000000Z')).toBe(
      '2분 전',
    );
  });

  it('uses the current time by default', () => {
    expect(relativeTime(new Date(Date.now() - 3 * HOUR))).toBe('3시간 전');
  });
});

describe('weeksBetween', () => {
  const start = '2026-11-01T03:00:00.000000Z';
  const plusDays = (days: number): Date => new Date(new Date(start).getTime() + days * DAY);

  it.each([
    [0, 0],
    [1, 1],
    [6, 1],
    [7, 1],
    [8, 2],
    [14, 2],
    [15, 3],
  ])('%i days take %i weeks', (days, weeks) => {
    expect(weeksBetween(start, plusDays(days))).toBe(weeks);
  });

  it('accepts dayjs values and numbers', () => {
    expect(weeksBetween(dayjs(start), plusDays(8).getTime())).toBe(2);
  });

  it('counts Seoul calendar days', () => {
    // 14:30 UTC and 15:30 UTC fall on two Seoul days although they are an hour apart.
    expect(weeksBetween('2026-11-20T14:30:00Z', '2026-11-20T15:30:00Z')).toBe(1);
    expect(weeksBetween('2026-11-20T15:30:00Z', '2026-11-21T14:30:00Z')).toBe(0);
  });

  it('answers 0 for an end before the start or an invalid time', () => {
    expect(weeksBetween(plusDays(3), start)).toBe(0);
    expect(weeksBetween('nonsense', start)).toBe(0);
  });
});

describe('Seoul times against the time zone database', () => {
  // The oracle is the platform's zone database directly; dayjs.tz itself goes wrong near the
  // machine's own daylight-saving changes (this project runs in Los Angeles time).
  const oracle = (instant: number) =>
    new Date(instant)
      .toLocaleString('sv-SE', { timeZone: 'Asia/Seoul', hour12: false })
      .slice(0, 16)
      .replace(/-/g, '.');

  it('formats like the zone database for instants across decades, midnights and the 1987–88 summer times', () => {
    const instants = [
      Date.UTC(1987, 4, 10, 15, 0, 0),
      Date.UTC(1988, 9, 8, 17, 59, 59),
      Date.UTC(2026, 10, 20, 14, 59, 59),
      Date.UTC(2026, 10, 20, 15, 0, 0),
      Date.UTC(2038, 0, 1, 0, 0, 0),
    ];
    for (let i = 0; i < 200; i += 1) instants.push(Date.UTC(1990, 0, 1) + i * 86_399_123);
    for (const instant of instants) {
      expect(formatDateTime(instant), new Date(instant).toISOString()).toBe(oracle(instant));
    }
  });
});
