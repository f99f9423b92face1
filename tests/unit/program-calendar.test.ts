import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  eventsByDay,
  monthFromQuery,
  monthGrid,
  parseCalendarMonth,
  seoulDayKey,
  seoulMonthOf,
  seoulMonthRange,
  shiftMonth,
  timeRangeLabel,
} from '../../src/lib/program-calendar.ts';
import { canonicalUrl } from '../../src/lib/seo.ts';

// The unit project runs in America/Los_Angeles (vitest.config.ts): any use of the machine's zone
// instead of Seoul's shows up as a wrong day.
const seoul = (local: string): string => new Date(`${local}+09:00`).toISOString();

describe('the Seoul month of a time', () => {
  it('puts 23:30 on the last day in that month and midnight in the next', () => {
    expect(seoulMonthOf(seoul('2026-11-30T23:30:00'))).toEqual({ year: 2026, month: 11 });
    expect(seoulMonthOf(seoul('2026-12-01T00:00:00'))).toEqual({ year: 2026, month: 12 });
    // 15:00 UTC on 31 December is already New Year's Day in Seoul.
    expect(seoulMonthOf('2026-12-31T15:00:00.000000Z')).toEqual({ year: 2027, month: 1 });
  });

  it('spans a month from Seoul midnight to Seoul midnight', () => {
    const { start, end } = seoulMonthRange({ year: 2026, month: 12 });
    expect(start.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });

  it('steps across years both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2026, month: 11 }, 2)).toEqual({ year: 2027, month: 1 });
  });
});

describe('the month a page address asks for', () => {
  const now = seoul('2026-11-24T09:00:00');

  it('takes a plain four-digit year and a month from 1 to 12', () => {
    expect(parseCalendarMonth('2027', '3')).toEqual({ year: 2027, month: 3 });
    expect(parseCalendarMonth('2027', '03')).toEqual({ year: 2027, month: 3 });
  });

  it.each([
    [null, '3'],
    ['2027', null],
    ['27', '3'],
    ['1999', '3'],
    ['2101', '3'],
    ['2027', '0'],
    ['2027', '13'],
    ['2027', '1.5'],
    ['2027', ' 3'],
    ['2e03', '3'],
  ])('refuses year %s, month %s, and shows the current Seoul month instead', (year, month) => {
    expect(parseCalendarMonth(year, month)).toBeNull();
    expect(monthFromQuery(year, month, now)).toEqual({ year: 2026, month: 11 });
  });

  it('keeps a valid month in the calendar page’s canonical address, and only a valid one', () => {
    const canonical = (query: string) => canonicalUrl('https://ritual.example', new URL(`http://localhost/explorer/program${query}`));
    expect(canonical('?year=2026&month=07&utm_source=x')).toBe('https://ritual.example/explorer/program?year=2026&month=7');
    expect(canonical('?year=abcd&month=12')).toBe('https://ritual.example/explorer/program');
    expect(canonicalUrl('https://ritual.example', new URL('http://localhost/faq?year=2026&month=12'))).toBe('https://ritual.example/faq');
  });
});

describe('the month grid', () => {
  it('starts on Sunday and pads the weeks before the 1st and after the last day', () => {
    // December 2026 starts on a Tuesday and has 31 days: five weeks.
    const weeks = monthGrid({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.map((cell) => cell?.day ?? null)).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(weeks[4]!.map((cell) => cell?.day ?? null)).toEqual([27, 28, 29, 30, 31, null, null]);
    expect(weeks[0]![6]).toEqual({ day: 5, key: '2026-12-05', weekday: 6 });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('has four weeks for a February from Sunday to Saturday and six for a long month starting late', () => {
    expect(monthGrid({ year: 2026, month: 2 })).toHaveLength(4);
    // August 2026 starts on a Saturday: its 31st falls in a sixth week.
    expect(monthGrid({ year: 2026, month: 8 })).toHaveLength(6);
    expect(monthGrid({ year: 2028, month: 2 }).flat().filter(Boolean)).toHaveLength(29);
  });
});

describe('Korean labels', () => {
  it('names a day with its weekday', () => {
    expect(dayLabel('2026-12-05')).toBe('12월 5일 (토)');
    expect(dayLabel('2027-01-03')).toBe('1월 3일 (일)');
  });

  it('says the half of the day once when both ends share it', () => {
    expect(timeRangeLabel(seoul('2026-12-05T14:00:00'), seoul('2026-12-05T16:00:00'))).toBe('오후 2:00–4:00');
    expect(timeRangeLabel(seoul('2026-12-05T07:30:00'), seoul('2026-12-05T09:30:00'))).toBe('오전 7:30–9:30');
    expect(timeRangeLabel(seoul('2026-12-05T11:00:00'), seoul('2026-12-05T13:00:00'))).toBe('오전 11:00–오후 1:00');
    expect(timeRangeLabel(seoul('2026-12-05T12:00:00'), seoul('2026-12-05T14:30:00'))).toBe('오후 12:00–2:30');
  });

  it('gives the end its date when it runs past midnight', () => {
    expect(timeRangeLabel(seoul('2026-12-31T23:30:00'), seoul('2027-01-01T01:00:00'))).toBe('오후 11:30–1월 1일 (금) 오전 1:00');
  });
});

describe('events by day', () => {
  it('groups events by their Seoul start day, in order', () => {
    const late = { id: 1, starts_at: seoul('2026-12-05T23:30:00') };
    const afternoon = { id: 2, starts_at: seoul('2026-12-05T14:00:00') };
    const nextMorning = { id: 3, starts_at: seoul('2026-12-06T00:30:00') };
    expect(eventsByDay([afternoon, late, nextMorning])).toEqual([
      { key: '2026-12-05', events: [afternoon, late] },
      { key: '2026-12-06', events: [nextMorning] },
    ]);
    expect(seoulDayKey(late.starts_at)).toBe('2026-12-05');
    expect(eventsByDay([])).toEqual([]);
  });
});
