// Ids are Postgres `serial` columns: anything past int4 would make the query fail instead of miss.
const MAX_SERIAL = 2_147_483_647;

/** The id in a path segment, or null when it cannot name a row (then the answer is 404). */
export function routeId(segment: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= MAX_SERIAL ? id : null;
}
