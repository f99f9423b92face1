import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarWeeks,
  datesBetween,
  heatmapRange,
  koreanDay,
  ratePercent,
  seoulDate,
  sessionDays,
  streaksOf,
  weekdayOf,
} from '../../src/lib/room-progress.ts';

describe('Seoul days', () => {
  it('reads an instant as its Seoul date: 23:59 and 00:01 are two days', () => {
    expect(seoulDate('2026-11-20T14:59:00Z')).toBe('2026-11-20');
    expect(seoulDate('2026-11-20T15:01:00Z')).toBe('2026-11-21');
  });

  it('gives a session the days from its start to the day of its last instant', () => {
    // 2026-11-01 00:00 to 2026-11-29 00:00 in Seoul: 28 days, the 29th not one of them.
    const days = sessionDays('2026-10-31T15:00:00Z', '2026-11-28T15:00:00Z');
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('2026-11-01');
    expect(days.at(-1)).toBe('2026-11-28');
    expect(sessionDays('2026-11-01T01:00:00Z', '2026-11-01T02:00:00Z')).toEqual(['2026-11-01']);
  });

  it('counts across months and leap days', () => {
    expect(datesBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('streaks', () => {
  it('finds the best run and the run still going', () => {
    const done = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06'];
    expect(streaksOf(done, '2026-11-06')).toEqual({ current: 2, best: 3 });
  });

  it('keeps the run going through today until today is over', () => {
    expect(streaksOf(['2026-11-04', '2026-11-05'], '2026-11-06')).toEqual({
      current: 2,
      best: 2,
    });
    expect(streaksOf(['2026-11-04', '2026-11-05', '2026-11-06'], '2026-11-06')).toEqual({ current: 3, best: 3 });
  });

  it('breaks the run after a whole day missed', () => {
    expect(streaksOf(['2026-11-03', '2026-11-04'], '2026-11-06')).toEqual({
      current: 0,
      best: 2,
    });
  });

  it('counts a day once, in any order, across a month end', () => {
    expect(streaksOf(['2026-12-01', '2026-11-30', '2026-11-30', '2026-11-29'], '2026-12-01')).toEqual({ current: 3, best: 3 });
    expect(streaksOf([], '2026-12-01')).toEqual({ current: 0, best: 0 });
  });
});

describe('rates and grids', () => {
  it('rounds a rate down, so 100 means every day', () => {
    expect(ratePercent(4, 5)).toBe(80);
    expect(ratePercent(29, 30)).toBe(96);
    expect(ratePercent(0, 0)).toBe(0);
  });

  it('lays the days out in weeks from Sunday', () => {
    expect(weekdayOf('2026-11-24')).toBe(2);
    const weeks = calendarWeeks(datesBetween('2026-11-24', '2026-12-01'));
    expect(weeks).toEqual([
      [null, null, '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'],
      ['2026-11-29', '2026-11-30', '2026-12-01', null, null, null, null],
    ]);
    expect(koreanDay('2026-11-24')).toBe('11월 24일 (화)');
  });

  it('shows the year as 53 weeks from a Sunday up to today', () => {
    const { first, last } = heatmapRange('2026-11-24');
    expect(last).toBe('2026-11-24');
    expect(weekdayOf(first)).toBe(0);
    expect(datesBetween(first, last)).toHaveLength(52 * 7 + 3);
  });
});
