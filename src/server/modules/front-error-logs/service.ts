import { desc, inArray, lt, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { frontErrorLogs } from '../../db/schema/index.ts';

export interface FrontErrorInput {
  message: string;
  stack?: string | undefined;
  url?: string | undefined;
  userAgent?: string | undefined;
  context?: Record<string, unknown> | undefined;
  userId: number | null;
  ipAddress: string;
  requestId: string;
}

export async function recordFrontError(db: Db, input: FrontErrorInput): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(frontErrorLogs)
    .values({
      message: input.message,
      stack: input.stack ?? null,
      url: input.url ?? null,
      userAgent: input.userAgent ?? null,
      context: input.context ?? null,
      userId: input.userId,
      ipAddress: input.ipAddress,
      requestId: input.requestId,
    })
    .returning({ id: frontErrorLogs.id, createdAt: frontErrorLogs.createdAt });
  if (!row) throw new Error('front error log insert returned no row');
  return row;
}

/**
 * Deletes at most `limit` reports matching `where`, oldest first, and says how many; rows another
 * instance's clean-up holds are skipped, so two clean-ups share the work.
 */
async function pruneClaimed(db: Db, where: SQL | undefined, limit: number): Promise<number> {
  const claimed = db
    .select({ id: frontErrorLogs.id })
    .from(frontErrorLogs)
    .where(where)
    .orderBy(frontErrorLogs.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(frontErrorLogs).where(inArray(frontErrorLogs.id, claimed)).returning({ id: frontErrorLogs.id });
  return deleted.length;
}

export const pruneFrontErrorLogsBefore = (db: Db, cutoff: Date, limit: number): Promise<number> =>
  pruneClaimed(db, lt(frontErrorLogs.createdAt, cutoff), limit);

export const pruneFrontErrorLogsUpTo = (db: Db, lastId: number, limit: number): Promise<number> =>
  pruneClaimed(db, lte(frontErrorLogs.id, lastId), limit);

/** The newest report beyond the newest `keep`: it and everything older are over the cap. */
export async function newestFrontErrorLogOverCap(db: Db, keep: number): Promise<number | null> {
  const [row] = await db
    .select({ id: frontErrorLogs.id })
    .from(frontErrorLogs)
    .orderBy(desc(frontErrorLogs.id))
    .offset(keep)
    .limit(1);
  return row?.id ?? null;
}
