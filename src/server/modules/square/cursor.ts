import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { invalidInput } from '../../domain-errors.ts';
import { routeId } from '../../http/route-id.ts';
import { SQUARE_MESSAGES } from './schema.ts';

/** Where a newest-first list stopped: the last row's time (to the microsecond) and id. */
export interface ListPosition {
  at: string;
  id: number;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A time the database could have written: a real calendar date and time, in this era. */
function isPossibleTime(at: string): boolean {
  if (!ISO_MICROS.test(at)) return false;
  const ms = Date.parse(at);
  // Date.parse rolls 2026-02-30 over to March; the round trip does not.
  return ms >= 0 && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The database's own time text, so no microseconds are lost on the way through a JS Date. */
export const positionTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (position: ListPosition): string =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');

/** The position behind an opaque cursor; anything else is the client's mistake (422). */
export function decodeCursor(cursor: string): ListPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const rowId = routeId(id);
      if (typeof at === 'string' && typeof id === 'number' && isPossibleTime(at) && rowId !== null) return { at, id: rowId };
    }
  } catch {
    // Falls through to the answer below.
  }
  throw invalidInput({ cursor: [SQUARE_MESSAGES.cursor] });
}

/** Rows after a position in (time desc, id desc) order; written as a row comparison so the index serves it. */
const rowsAfter = (time: AnyColumn, id: AnyColumn, at: unknown, lastId: unknown): SQL =>
  sql`(${time}, ${id}) < (${at}::timestamptz, ${lastId})`;

export const after = (time: AnyColumn, id: AnyColumn, position: ListPosition): SQL => rowsAfter(time, id, position.at, position.id);

/** `after` for a prepared query: the position comes as the placeholders `at` and `id`. */
export const afterPlaceholder = (time: AnyColumn, id: AnyColumn): SQL => rowsAfter(time, id, sql.placeholder('at'), sql.placeholder('id'));

/** A page of `perPage` from `perPage + 1` rows, and the cursor to the next one when there is more. */
export function pageOf<T>(rows: T[], perPage: number, positionOf: (row: T) => ListPosition) {
  const items = rows.slice(0, perPage);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > perPage && last ? encodeCursor(positionOf(last)) : null };
}

