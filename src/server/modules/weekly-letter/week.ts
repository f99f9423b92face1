const SEOUL_OFFSET_MS = 9 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Monday 07:00 in Seoul: the letter of the week just ended is due from then. */
export const WEEKLY_LETTER_HOUR = 7;

export interface LetterWeek {
  /** The Seoul date of the week's Monday: the letter's key in weekly_letter_deliveries. */
  week: string;
  /** Monday 00:00 and the next Monday 00:00 in Seoul, as instants. */
  start: Date;
  end: Date;
  /** The seven Seoul dates, Monday first. */
  days: string[];
}

const dateOf = (localDay: number) => new Date(localDay * DAY_MS).toISOString().slice(0, 10);

/**
 * The week whose letter is due at `now`: the last full Monday–Sunday in Seoul (+09:00 all year).
 * It stays due from Monday 07:00 until the next Monday 07:00, so a server that was down on Monday
 * morning still sends it when it comes back, and each member's letter is claimed once by its row.
 */
export function letterWeek(now: Date): LetterWeek {
  // Counted from 07:00, so that Monday before 07:00 still belongs to the week before.
  const localDay = Math.floor((now.getTime() + SEOUL_OFFSET_MS - WEEKLY_LETTER_HOUR * HOUR_MS) / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday: three days after a Monday.
  const monday = localDay - ((localDay + 3) % 7) - 7;
  const start = new Date(monday * DAY_MS - SEOUL_OFFSET_MS);
  return {
    week: dateOf(monday),
    start,
    end: new Date(start.getTime() + 7 * DAY_MS),
    days: Array.from({ length: 7 }, (_, offset) => dateOf(monday + offset)),
  };
}
