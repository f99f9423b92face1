import { z } from 'zod';
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from '../../../lib/program-calendar.ts';

export const PROGRAM_MESSAGES = {
  year: `연도는 ${CALENDAR_YEAR_MIN}부터 ${CALENDAR_YEAR_MAX} 사이의 네 자리 숫자로 입력해 주세요.`,
  month: '월은 1부터 12 사이의 숫자로 입력해 주세요.',
} as const;

// A query value is text: only plain digits are a year or a month (no `1e3`, no `+12`, no `12.0`).
const digits = (pattern: RegExp, min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(pattern, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message))
    .optional();

/** `?year=2026&month=12`; either missing is the current Seoul month's. */
export const programEventsQuery = z.object({
  year: digits(/^\d{4}$/, CALENDAR_YEAR_MIN, CALENDAR_YEAR_MAX, PROGRAM_MESSAGES.year),
  month: digits(/^\d{1,2}$/, 1, 12, PROGRAM_MESSAGES.month),
});
