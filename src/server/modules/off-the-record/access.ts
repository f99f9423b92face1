import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offTheRecords } from '../../db/schema/index.ts';

/** Readable: published, and no longer scheduled. A record without a date is a draft. */
export const readableAt = (now: Date): SQL => and(isNotNull(offTheRecords.publishedAt), lte(offTheRecords.publishedAt, now))!;

/** Whether a record is there for readers: not a draft, not scheduled. */
export async function isReadableRecord(db: Db, id: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: offTheRecords.id })
    .from(offTheRecords)
    .where(and(eq(offTheRecords.id, id), readableAt(now)));
  return row !== undefined;
}

/**
 * What comments and reactions need of a record's owner: the service wrote it, no member owns it
 * (0 names nobody: ids start at 1), and nothing on it is anonymous.
 */
export const RECORD_TARGET = { ownerId: 0, isAnonymous: false } as const;

/** For the counters' updates: a comment or a reaction is not an edit of the record. */
export const keepUpdatedAt = sql`${offTheRecords.updatedAt}`;
