import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../../../lib/search.ts';

export const SEARCH_MESSAGES = {
  query: '검색어를 글자로 입력해 주세요.',
  tooLong: `검색어는 ${SEARCH_QUERY_MAX}자 이하로 입력해 주세요.`,
} as const;

/** A search text, counted in characters as people count them, not UTF-16 units. */
export const searchTextField = z
  .string({ error: SEARCH_MESSAGES.query })
  .trim()
  .refine((value) => [...value].length <= SEARCH_QUERY_MAX, SEARCH_MESSAGES.tooLong);

/** `GET /api/explorer-search?q=` */
export const searchQuery = z.object({ q: searchTextField.default('') });
