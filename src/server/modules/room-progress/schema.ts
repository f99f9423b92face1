import { z } from 'zod';
import { flagField } from '../../http/flag-field.ts';
import { perPageField } from '../../http/pagination.ts';

export const ROOM_LIST_PER_PAGE = 20;
export const ROOM_LIST_PER_PAGE_MAX = 50;

export const PROGRESS_INPUT_MESSAGES = {
  sharesProgress: '내 완료율 공개 여부는 예 또는 아니요로 보내 주세요.',
  cursor: '목록 위치가 올바르지 않아요. 처음부터 다시 불러와 주세요.',
  year: '연도는 2000부터 2100 사이의 숫자로 보내 주세요.',
} as const;

/** `PUT /api/ritual-sessions/{id}/share-progress`. */
export const shareProgressInput = z.object({
  shares_progress: flagField(PROGRESS_INPUT_MESSAGES.sharesProgress),
});

/** The cursor lists of this module: the member's room comments, a member's room posts. */
export const roomCursorQuery = z.object({
  cursor: z.string({ error: PROGRESS_INPUT_MESSAGES.cursor }).max(200, PROGRESS_INPUT_MESSAGES.cursor).optional(),
  per_page: perPageField(ROOM_LIST_PER_PAGE, ROOM_LIST_PER_PAGE_MAX),
});

/** `GET /api/me/ritual-session-posts-dates?year=`: a calendar year, or the last 53 weeks without one. */
export const postsDatesQuery = z.object({
  year: z.coerce
    .number({ error: PROGRESS_INPUT_MESSAGES.year })
    .int(PROGRESS_INPUT_MESSAGES.year)
    .min(2000, PROGRESS_INPUT_MESSAGES.year)
    .max(2100, PROGRESS_INPUT_MESSAGES.year)
    .optional(),
});
