import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

// A list page's rows, written by the database as one JSON array instead of row by row. The
// embedded database's answer is read field by field in JavaScript on its thread, and Drizzle maps
// every field again on the server's thread; one string and JSON.parse cost a fraction of that (a
// room's page of twenty posts: 613 -> 445 us on the database's thread, and no mapping, measured).
// Each row is an array rather than an object: keys written out for every row cost the database
// more than the rows themselves spared it (measured; docs/decisions/014-lists-as-json.md).

export interface JsonRowShape<T> {
  /** One row's fields as a JSON array, to select (aliased) in an ordered subquery. */
  row: SQL;
  /** The rows of `jsonArray(row)` as objects with the fields' keys, the timestamps made Dates again. */
  parse(json: string): T[];
}

/** How to write `fields` out as JSON arrays and read them back as `T`. */
export function jsonRowShape<T extends object>(
  fields: { [K in keyof T]: SQLWrapper },
  timestamps: ReadonlyArray<keyof T> = [],
): JsonRowShape<T> {
  const keys = Object.keys(fields) as Array<keyof T & string>;
  const dated = keys.map((key) => timestamps.includes(key));
  return {
    row: sql`json_build_array(${sql.join(
      keys.map((key) => fields[key]),
      sql`, `,
    )})`,
    parse(json) {
      const rows = JSON.parse(json) as unknown[][];
      return rows.map((values) => {
        const row: Record<string, unknown> = {};
        for (let index = 0; index < keys.length; index += 1) {
          const value = values[index];
          row[keys[index]!] = dated[index] && typeof value === 'string' ? new Date(value) : value;
        }
        return row as T;
      });
    },
  };
}

/**
 * A subquery's rows as one JSON array in the subquery's order: nothing is joined after the
 * ordered subquery, so nothing reorders its rows before they are gathered.
 */
export const jsonArray = (row: SQLWrapper): SQL<string> => sql<string>`coalesce(json_agg(${row}), '[]')::text`;
