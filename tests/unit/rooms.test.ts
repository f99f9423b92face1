import { describe, expect, it } from 'vitest';
import { isPostingOpen, mentionedMembers, roomCountdown, roomStateOf, seoulDaysBetween } from '../../src/lib/rooms.ts';

// A room from Seoul 2026-12-01 00:00 (UTC 11-30 15:00) to Seoul 2026-12-29 00:00.
const span = { starts_at: '2026-11-30T15:00:00.000000Z', ends_at: '2026-12-28T15:00:00.000000Z' };
const at = (iso: string) => new Date(iso);

describe('a room\'s calendar', () => {
  it('is upcoming, running, then finished at its exact instants', () => {
    expect(roomStateOf(span, at('2026-11-30T14:59:59Z'))).toBe('upcoming');
    expect(roomStateOf(span, at('2026-11-30T15:00:00Z'))).toBe('running');
    expect(roomStateOf(span, at('2026-12-28T14:59:59Z'))).toBe('running');
    expect(roomStateOf(span, at('2026-12-28T15:00:00Z'))).toBe('finished');
  });

  it('counts Seoul days, whatever the UTC date', () => {
    // 23:30 and 00:30 in Seoul are one day apart though both fall on the same UTC date.
    expect(seoulDaysBetween(at('2026-12-01T14:30:00Z'), at('2026-12-01T15:30:00Z'))).toBe(1);
    expect(seoulDaysBetween(at('2026-12-01T00:00:00Z'), at('2026-12-01T14:00:00Z'))).toBe(0);
  });

  it('says D-n before, days left while running, the last day, and 종료', () => {
    expect(roomCountdown(span, at('2026-11-27T03:00:00Z'))).toBe('D-4');
    expect(roomCountdown(span, at('2026-11-30T03:00:00Z'))).toBe('D-1');
    expect(roomCountdown(span, at('2026-12-26T03:00:00Z'))).toBe('2일 남음');
    expect(roomCountdown(span, at('2026-12-28T03:00:00Z'))).toBe('오늘 마지막 날');
    expect(roomCountdown(span, at('2026-12-29T03:00:00Z'))).toBe('종료');
  });

  it('opens writing at the start and closes it seven days after the end', () => {
    expect(isPostingOpen(span, at('2026-11-30T14:59:59Z'))).toBe(false);
    expect(isPostingOpen(span, at('2026-11-30T15:00:00Z'))).toBe(true);
    expect(isPostingOpen(span, at('2027-01-04T14:59:59Z'))).toBe(true);
    expect(isPostingOpen(span, at('2027-01-04T15:00:00Z'))).toBe(false);
  });
});

describe('mentionedMembers', () => {
  const members = [
    { id: 1, nickname: '하늘' },
    { id: 2, nickname: '하늘별' },
    { id: 3, nickname: '바다' },
  ];
  const ids = (content: string) => mentionedMembers(content, members).map((member) => member.id);

  it('takes the longest nickname after each @, each member once', () => {
    expect(ids('@하늘별 님과 @하늘 님, 또 @하늘!')).toEqual([2, 1]);
    expect(ids('@바다@바다 @바다')).toEqual([3]);
  });

  it('leaves names that are no member\'s, a bare @ and an e-mail address as text', () => {
    expect(ids('@구름 님 안녕하세요 @ 그리고 mail@example.com')).toEqual([]);
    expect(ids('하늘 님 (골뱅이 없이)')).toEqual([]);
  });
});
