import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { memberExports } from '../../db/schema/index.ts';
import { EXPORT_RULES } from './schema.ts';

/**
 * Deletes up to `limit` exports past their keeping: a download past its expiry, a failed one as
 * old, any of a member who has since deleted the account (what the ZIP holds is theirs no more to
 * keep). Each file goes before its row, inside the transaction that holds the row: should a file
 * not go, the row stays and the next run tries again, so no ZIP is ever left without its row.
 */
export async function pruneExpiredExports(db: Db, exportsDir: string, limit: number, now = new Date()): Promise<number> {
  const failedBefore = new Date(now.getTime() - EXPORT_RULES.keepDays * 86_400_000).toISOString();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const due = await queryRows<{ id: number; file_name: string | null }>(
      txDb,
      sql`select e.id, e.file_name from member_exports e join users u on u.id = e.user_id
        where e.expires_at <= ${now.toISOString()}::timestamptz
          or (e.status = 'failed' and e.finished_at < ${failedBefore}::timestamptz)
          or (u.deleted_at is not null and e.status <> 'running')
        order by e.id
        limit ${limit}
        for update of e skip locked`,
    );
    if (due.length === 0) return 0;
    for (const row of due) if (row.file_name) await rm(join(exportsDir, row.file_name), { force: true });
    await txDb.delete(memberExports).where(
      inArray(
        memberExports.id,
        due.map((row) => row.id),
      ),
    );
    return due.length;
  });
}

// A build writes its file all the time; one untouched this long belongs to a process that died.
const ABANDONED_AFTER_MS = 2 * EXPORT_RULES.staleMinutes * 60_000;

/** Removes the half-written ZIPs (`….zip.part`) of builds whose process died; how many. */
export async function removeAbandonedParts(exportsDir: string, now = new Date()): Promise<number> {
  const names = await readdir(exportsDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.zip.part')) continue;
    const path = join(exportsDir, name);
    const written = await stat(path).catch(() => null);
    if (!written || now.getTime() - written.mtimeMs < ABANDONED_AFTER_MS) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}
