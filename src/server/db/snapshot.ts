import { LRUCache } from 'lru-cache';
import type { Db } from './client.ts';

/** What every visitor of a page reads alike, as of at most a few seconds ago. */
export type SnapshotReader<T> = () => Promise<T>;

/**
 * Keeps what `load` answers for `ttlMs` in this process; concurrent misses share one load. For
 * pages every visit reads and staff change rarely: a change shows within the TTL.
 */
export function createSnapshotReader<T extends object>(load: () => Promise<T>, ttlMs: number): SnapshotReader<T> {
  const cache = new LRUCache<'snapshot', T>({ max: 1, ttl: ttlMs, fetchMethod: load });
  return async () => (await cache.fetch('snapshot'))!;
}

/**
 * One reader per database, made on first use and shared by every request (the tests open
 * several databases in one process, each with its own).
 */
export function snapshotPerDatabase<T extends object>(load: (db: Db) => Promise<T>, ttlMs: number): (db: Db) => SnapshotReader<T> {
  const readers = new WeakMap<Db, SnapshotReader<T>>();
  return (db) => {
    let reader = readers.get(db);
    if (!reader) {
      reader = createSnapshotReader(() => load(db), ttlMs);
      readers.set(db, reader);
    }
    return reader;
  };
}
