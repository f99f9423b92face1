import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import type { ReportModelType, ReportReason } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../domain-errors.ts';
import type { Reader } from '../models/reader.ts';
import { openReportable } from './items.ts';
import { REPORT_MESSAGES } from './schema.ts';

export interface NewReport {
  modelType: ReportModelType;
  modelId: number;
  reason: ReportReason;
  detail: string | null;
}

/**
 * A member reports what they can read, once per item, never their own. The unique index decides
 * the race between two clicks: the loser answers 409 like any second report.
 */
export async function createReport(db: Db, reader: Reader & { userId: number }, input: NewReport) {
  const item = await openReportable(db, reader, input.modelType, input.modelId);
  if (item.ownerId === reader.userId) throw forbidden(REPORT_MESSAGES.own);
  const [created] = await db
    .insert(reports)
    .values({ reporterId: reader.userId, modelType: input.modelType, modelId: input.modelId, reason: input.reason, detail: input.detail })
    .onConflictDoNothing({ target: [reports.reporterId, reports.modelType, reports.modelId] })
    .returning();
  if (!created) throw conflict(REPORT_MESSAGES.already);
  return created;
}
