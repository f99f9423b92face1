import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * A query built once per database and run many times: Drizzle otherwise rebuilds the SQL text and
 * its field mapping on every call, which on a list page cost more of the server's time than
 * rendering the list (measured). Values are `sql.placeholder(name)`s given to `execute`. A query
 * run inside a transaction is built for that transaction alone.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byKey = preparedQueries((db: Db, _key: null) => build(db));
  return (db) => byKey(db, null);
}

/** `preparedQuery` in a few shapes, one per key (a page size, say), each built once per database. */
export function preparedQueries<K, T>(build: (db: Db, key: K) => T): (db: Db, key: K) => T {
  const built = new WeakMap<Db, Map<K, T>>();
  return (db, key) => {
    let shapes = built.get(db);
    if (!shapes) {
      shapes = new Map();
      built.set(db, shapes);
    }
    let query = shapes.get(key);
    if (query === undefined) {
      query = build(db, key);
      shapes.set(key, query);
    }
    return query;
  };
}

/**
 * A row limit written into the SQL. Drizzle binds a limit as a parameter, and a prepared statement
 * whose limit is unknown gets no plan the database can keep: it is planned again on every run
 * (the square's list: 2.5 ms a run against 1.2 ms with the limit written in, measured on PGlite).
 */
export const literalLimit = (rows: number): number => {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`not a row limit: ${rows}`);
  // Drizzle takes an SQL chunk wherever it takes a limit; its types only name numbers and placeholders.
  return sql.raw(String(rows)) as unknown as number;
};
