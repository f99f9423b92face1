import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MEMBER_EXPORT_PATH } from '../../../lib/member-export.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { notifyExportReady } from '../notifications/events.ts';
import { MemberGoneError, buildMemberExport } from './build-zip.ts';
import { exportReadyMail } from './mail.ts';
import { claimExport, markFailed, markReady, releaseExport } from './service.ts';

export interface ExportRunDeps {
  storage: FileStorage;
  mailer: Mailer;
  /** Where the ZIPs are kept; every instance must see the same folder (docs/operations.md). */
  exportsDir: string;
  appUrl: string;
  log: Pick<Logger, 'error' | 'warn'>;
}

export interface ExportRun {
  ready: number;
  failed: number;
}

/**
 * Builds the pending exports one after another until none is left or the server stops. The row is
 * marked ready and the member notified in one transaction, so a run reclaimed by another instance
 * tells the member once; the mail goes after it commits. A stop puts the export back in the queue.
 */
export async function runPendingExports(db: Db, deps: ExportRunDeps, signal?: AbortSignal): Promise<ExportRun> {
  const run: ExportRun = { ready: 0, failed: 0 };
  await mkdir(deps.exportsDir, { recursive: true });
  while (!signal?.aborted) {
    const claimed = await claimExport(db);
    if (!claimed) break;
    const fileName = `member-export-${claimed.id}-${randomBytes(8).toString('hex')}.zip`;
    const path = join(deps.exportsDir, fileName);
    const partPath = `${path}.part`;
    try {
      const built = await buildMemberExport(db, deps.storage, claimed.userId, partPath, signal);
      await rename(partPath, path);
      const told = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        if (!(await markReady(txDb, claimed.id, claimed.claimedAt, { name: fileName, size: built.size }))) return false;
        await notifyExportReady(txDb, { userId: claimed.userId, exportId: claimed.id });
        return true;
      });
      if (!told) {
        await rm(path, { force: true });
        continue;
      }
      run.ready += 1;
      const url = new URL(MEMBER_EXPORT_PATH, deps.appUrl).toString();
      await deps.mailer.send(exportReadyMail(built.email, built.nickname, url)).catch((error: unknown) => {
        deps.log.error({ err: error, exportId: claimed.id }, 'the export is ready, but its e-mail could not be sent');
      });
    } catch (error) {
      await Promise.all([rm(partPath, { force: true }), rm(path, { force: true })]);
      if (signal?.aborted) {
        await releaseExport(db, claimed.id, claimed.claimedAt);
        break;
      }
      run.failed += 1;
      if (error instanceof MemberGoneError) deps.log.warn({ exportId: claimed.id }, 'the member deleted the account before the export was built');
      else deps.log.error({ err: error, exportId: claimed.id }, 'could not build a member export');
      await markFailed(db, claimed.id, claimed.claimedAt);
    }
  }
  return run;
}
