import { and, desc, eq, sql } from 'drizzle-orm';
import { seoulDayKey } from '../../../lib/program-calendar.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { memberExports } from '../../db/schema/index.ts';
import type { MemberExportStatus } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import { HttpError } from '../../http/errors.ts';
import { EXPORT_MESSAGES, EXPORT_RULES } from './schema.ts';

export interface MemberExport {
  id: number;
  userId: number;
  status: MemberExportStatus;
  fileName: string | null;
  sizeBytes: number | null;
  claimedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

// Two keys: this namespace and the member, so starts by one member wait for each other only.
const START_LOCK = 39_002;
const DAY_MS = 86_400_000;

const seoulDayStart = (now: Date): Date => new Date(`${seoulDayKey(now)}T00:00:00+09:00`);

/**
 * Starts an export, or answers the one the member already has under way (one at a time: a second
 * tap, or a second tab, gets the same one to follow). A start past the day's allowance answers 429
 * until Seoul midnight. The member's starts take a lock, so two at once cannot both pass the count.
 */
export async function startExport(db: Db, userId: number, now = new Date()): Promise<MemberExport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK}, ${userId})`);
    const [underWay] = await tx
      .select()
      .from(memberExports)
      .where(and(eq(memberExports.userId, userId), sql`${memberExports.status} in ('pending', 'running')`))
      .orderBy(desc(memberExports.id))
      .limit(1);
    if (underWay) return underWay;
    const dayStart = seoulDayStart(now);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberExports)
      .where(and(eq(memberExports.userId, userId), sql`${memberExports.createdAt} >= ${dayStart.toISOString()}::timestamptz`));
    if ((counted?.count ?? 0) >= EXPORT_RULES.perDay) {
      const retryAfter = Math.max(1, Math.ceil((dayStart.getTime() + DAY_MS - now.getTime()) / 1000));
      throw new HttpError(429, EXPORT_MESSAGES.tooMany, undefined, { 'Retry-After': String(retryAfter) });
    }
    const [created] = await tx.insert(memberExports).values({ userId, createdAt: now }).returning();
    return created!;
  });
}

/** The member's exports, newest first: today's and those still kept (the cleanup removes the rest). */
export const listExports = (db: Db, userId: number, limit = 10): Promise<MemberExport[]> =>
  db.select().from(memberExports).where(eq(memberExports.userId, userId)).orderBy(desc(memberExports.createdAt), desc(memberExports.id)).limit(limit);

/** One of the member's exports; another member's is answered as one that is not there. */
export async function exportOf(db: Db, userId: number, id: number): Promise<MemberExport> {
  const [found] = await db
    .select()
    .from(memberExports)
    .where(and(eq(memberExports.id, id), eq(memberExports.userId, userId)));
  if (!found) throw notFound(EXPORT_MESSAGES.notFound);
  return found;
}

export const isExpired = (row: Pick<MemberExport, 'expiresAt'>, now = new Date()): boolean =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

/** The ZIP's file name under the exports folder, or why it cannot be downloaded (404, 410). */
export async function downloadableFile(db: Db, userId: number, id: number, now = new Date()): Promise<MemberExport & { fileName: string }> {
  const found = await exportOf(db, userId, id);
  if (found.status === 'failed') throw notFound(EXPORT_MESSAGES.failed);
  if (found.status !== 'ready' || found.fileName === null) throw notFound(EXPORT_MESSAGES.notReady);
  if (isExpired(found, now)) throw new HttpError(410, EXPORT_MESSAGES.expired);
  return { ...found, fileName: found.fileName };
}

interface ClaimedRow {
  id: number;
  user_id: number;
  claimed_at: Date;
}

/**
 * Takes the oldest pending export, or one whose run has been claimed too long ago (its instance
 * died), for this run: any number of instances may ask at once, and each gets a different row.
 */
export async function claimExport(db: Db, now = new Date()): Promise<{ id: number; userId: number; claimedAt: Date } | null> {
  const stale = new Date(now.getTime() - EXPORT_RULES.staleMinutes * 60_000).toISOString();
  const [row] = await queryRows<ClaimedRow>(
    db,
    sql`update member_exports set status = 'running', claimed_at = ${now.toISOString()}::timestamptz
      where id = (
        select id from member_exports
        where status = 'pending' or (status = 'running' and claimed_at < ${stale}::timestamptz)
        order by id
        limit 1
        for update skip locked
      )
      returning id, user_id, claimed_at`,
  );
  return row ? { id: row.id, userId: row.user_id, claimedAt: new Date(row.claimed_at) } : null;
}

/** Whose run this still is: a run reclaimed by another instance no longer writes its row. */
const stillOurs = (id: number, claimedAt: Date) =>
  and(eq(memberExports.id, id), eq(memberExports.status, 'running'), eq(memberExports.claimedAt, claimedAt));

/** The ZIP is in place: the row says where, for how long; false when the run was no longer ours. */
export async function markReady(db: Db, id: number, claimedAt: Date, file: { name: string; size: number }, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(memberExports)
    .set({ status: 'ready', fileName: file.name, sizeBytes: file.size, finishedAt: now, expiresAt: new Date(now.getTime() + EXPORT_RULES.keepDays * DAY_MS) })
    .where(stillOurs(id, claimedAt))
    .returning({ id: memberExports.id });
  return updated.length > 0;
}

export async function markFailed(db: Db, id: number, claimedAt: Date, now = new Date()): Promise<void> {
  await db.update(memberExports).set({ status: 'failed', finishedAt: now }).where(stillOurs(id, claimedAt));
}

/** A run stopped by the shutdown goes back to the queue, for the next instance to start at once. */
export async function releaseExport(db: Db, id: number, claimedAt: Date): Promise<void> {
  await db.update(memberExports).set({ status: 'pending', claimedAt: null }).where(stillOurs(id, claimedAt));
}
