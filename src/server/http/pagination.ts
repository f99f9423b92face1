import { z } from 'zod';

// Far beyond any real list, and small enough that the offset stays an exact integer.
const PAGE_MAX = 100_000;
const PAGE_MESSAGE = `page는 1부터 ${PAGE_MAX.toLocaleString('en-US')} 사이의 정수여야 합니다.`;

/** `?per_page=M` of any list: a whole number from 1 to `max`, `fallback` when absent. */
export const perPageField = (fallback: number, max: number) => {
  const message = `per_page는 1부터 ${max} 사이의 정수여야 합니다.`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
};

/** `?page=N&per_page=M` of a page-numbered list (API-CONVENTIONS.md). */
export const pageQuery = (perPage: { fallback: number; max: number }) =>
  z.object({
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(PAGE_MAX, PAGE_MESSAGE).default(1),
    per_page: perPageField(perPage.fallback, perPage.max),
  });

/** The `meta` of a page-numbered list; an empty list still has one (empty) page. */
export const pageMeta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});
