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
