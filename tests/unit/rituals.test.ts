import { describe, expect, it } from 'vitest';
import { courseJsonLd } from '../../src/lib/ritual-seo.ts';
import type { RitualDetail, RitualSessionSummary } from '../../src/lib/rituals.ts';
import { formatWon } from '../../src/lib/numbers.ts';
import { koreanMonthDay, koreanMonthDayTime, recruitNotice, recruitStateOf, seatsLabel, sessionWhenLabel } from '../../src/lib/rituals.ts';
import { weeksBetween } from '../../src/lib/time.ts';

// Monday 2026-12-07 00:00 in Seoul.
const START = new Date('2026-12-06T15:00:00Z');
const at = (iso: string) => new Date(iso);

describe("a monthly session's length in whole weeks", () => {
  it('takes four weeks from a Monday to the Sunday four weeks on, whatever the hour', () => {
    expect(weeksBetween(START, at('2027-01-03T14:59:00Z'))).toBe(4);
  });

  it('rounds a day past 28 days up to five', () => {
    expect(weeksBetween(START, at('2027-01-05T14:59:00Z'))).toBe(5);
  });
});

describe('recruitStateOf', () => {
  const session = { startsAt: START, recruitStartsAt: at('2026-11-20T01:00:00Z'), recruitEndsAt: at('2026-12-03T14:59:00Z'), seatsLeft: 2 };

  it('is upcoming before the window, open inside it, full without seats, closed after it or once started', () => {
    expect(recruitStateOf(session, at('2026-11-20T00:59:00Z'))).toBe('upcoming');
    expect(recruitStateOf(session, at('2026-11-20T01:00:00Z'))).toBe('open');
    expect(recruitStateOf({ ...session, seatsLeft: 0 }, at('2026-11-25T00:00:00Z'))).toBe('full');
    expect(recruitStateOf(session, at('2026-12-03T14:59:00Z'))).toBe('closed');
    expect(recruitStateOf({ ...session, recruitEndsAt: null }, START)).toBe('closed');
  });

  it('is open from the first moment when the window has no start', () => {
    expect(recruitStateOf({ ...session, recruitStartsAt: null }, at('2026-11-01T00:00:00Z'))).toBe('open');
  });
});

describe('when a session meets', () => {
  it('gives a one-day programme its Seoul day with start and end time, never weeks', () => {
    // 07:30 to 09:00 in Seoul on Sunday 29 November.
    const yoga = { starts_at: '2026-11-28T22:30:00.000000Z', ends_at: '2026-11-29T00:00:00.000000Z', weeks: 0 };
    expect(sessionWhenLabel('one_day', yoga)).toBe('11월 29일 (일) 오전 7:30–9:00');
  });

  it('gives a monthly ritual its dates and whole weeks', () => {
    expect(sessionWhenLabel('monthly', { starts_at: START.toISOString(), ends_at: '2027-01-03T14:59:00.000000Z', weeks: 4 })).toBe(
      '2026.12.07 ~ 2027.01.03 (4주)',
    );
  });
});

describe('what the ritual page says about applying', () => {
  const base = {
    starts_at: START.toISOString(),
    ends_at: '2027-01-03T14:59:00.000000Z',
    recruit_starts_at: '2026-12-20T01:00:00.000000Z',
    recruit_ends_at: '2026-11-28T14:59:00.000000Z',
  };

  it('names the Seoul day and hour recruiting opens, and the day it closes', () => {
    expect(recruitNotice({ ...base, recruit_state: 'upcoming' })).toBe('12월 20일 오전 10시에 신청이 열려요.');
    expect(recruitNotice({ ...base, recruit_state: 'open' })).toBe('신청 마감: 11월 28일까지');
    expect(recruitNotice({ ...base, recruit_ends_at: null, recruit_state: 'open' })).toBe('신청 마감: 12월 7일까지');
    expect(recruitNotice({ ...base, recruit_state: 'full' })).toBe('모든 자리가 찼어요.');
  });

  it('says plainly why a closed session cannot be applied for', () => {
    const closed = { ...base, recruit_state: 'closed' as const };
    expect(recruitNotice(closed, at('2026-12-01T00:00:00Z'))).toBe('신청이 마감되었어요.');
    expect(recruitNotice(closed, at('2026-12-10T00:00:00Z'))).toBe('이미 시작해서 신청할 수 없어요.');
    expect(recruitNotice(closed, at('2027-01-04T00:00:00Z'))).toBe('이미 끝난 일정이에요.');
  });

  it('writes noon, midnight and minutes the Korean way', () => {
    expect(koreanMonthDayTime('2026-12-20T03:00:00Z')).toBe('12월 20일 오후 12시');
    expect(koreanMonthDayTime('2026-12-19T15:00:00Z')).toBe('12월 20일 오전 12시');
    expect(koreanMonthDayTime('2026-12-20T05:30:00Z')).toBe('12월 20일 오후 2시 30분');
    expect(koreanMonthDay('2026-12-31T15:30:00Z')).toBe('1월 1일');
  });
});

describe('prices and seats on a card', () => {
  it('writes won with separators and seats left or 마감', () => {
    expect(formatWon(45_000)).toBe('45,000원');
    expect(formatWon(0)).toBe('0원');
    expect(seatsLabel(3)).toBe('잔여 3석');
    expect(seatsLabel(0)).toBe('마감');
  });
});

describe('courseJsonLd', () => {
  const session: RitualSessionSummary = {
    id: 7,
    ritual_id: 3,
    ritual_session_title_id: 1,
    title: '12월 아침 10분 명상',
    starts_at: '2026-12-06T15:00:00.000000Z',
    ends_at: '2027-01-03T14:59:00.000000Z',
    weeks: 4,
    capacity: 6,
    price: 45_000,
    seats_left: 0,
    recruit_starts_at: '2026-11-20T01:00:00.000000Z',
    recruit_ends_at: null,
    recruit_state: 'full',
    place: null,
  };
  const ritual: RitualDetail = {
    id: 3,
    type: 'monthly',
    title: '아침 10분 명상',
    summary: '하루를 차분하게 열어요.',
    cover_image_url: '/images/rituals/mind-1.webp',
    cover_image_alt: '동심원 일러스트',
    theme: { id: 1, name: '마음 돌보기' },
    badges: [],
    host_name: '김하늘',
    next_session: session,
    open_sessions_count: 1,
    description_html: '<p>소개</p>',
    how_it_goes_html: '<p>진행</p>',
    host_introduction: '안내자',
    sessions: [session],
    selected_session: session,
  };

  it('describes the ritual as a Course and each open session as an online instance with its offer', () => {
    const data = courseJsonLd(ritual, 'https://ritual.example/explorer/ritual/3');
    expect(data).toMatchObject({
      '@type': 'Course',
      name: '아침 10분 명상',
      url: 'https://ritual.example/explorer/ritual/3',
      image: ['https://ritual.example/images/rituals/mind-1.webp'],
      provider: { '@type': 'Organization', url: 'https://ritual.example/' },
      hasCourseInstance: [
        {
          '@type': 'CourseInstance',
          courseMode: 'online',
          startDate: '2026-12-06T15:00:00.000Z',
          courseWorkload: 'P4W',
          offers: {
            url: 'https://ritual.example/explorer/ritual/3?session=7',
            price: 45_000,
            priceCurrency: 'KRW',
            availability: 'https://schema.org/SoldOut',
            validFrom: '2026-11-20T01:00:00.000Z',
          },
        },
      ],
    });
  });

  it('leaves instances out when no session is open', () => {
    expect(courseJsonLd({ ...ritual, sessions: [] }, 'https://ritual.example/explorer/ritual/3')).not.toHaveProperty('hasCourseInstance');
  });
});
