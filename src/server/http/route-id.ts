import type { Context } from 'hono';
import { z } from 'zod';
import { notFound } from '../domain-errors.ts';

/** Ids are Postgres `serial` (int4) columns: anything past this would make a query fail, not miss. */
export const INT4_MAX = 2_147_483_647;

/**
 * An id from a path segment or query value: digits only, within the column's range; null when it
 * cannot name a row, which the caller answers as "not found".
 */
export function routeId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}

/**
 * The id in the path parameter `name`, or a 404 with the domain's own `notFoundMessage`: an id
 * that cannot name a row is answered as the row that is not there.
 */
export function idParam(c: Context, name: string, notFoundMessage: string): number {
  const id = routeId(c.req.param(name));
  if (id === null) throw notFound(notFoundMessage);
  return id;
}

/**
 * An id in a body or query: a whole number from 1 to INT4_MAX, as a JSON number or as digits
 * (urlencoded and multipart send text). `1.5`, `1e20` and `2147483648` are refused with `message`
 * here rather than by the database.
 */
export const idField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const id = routeId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
