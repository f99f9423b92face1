import type { reports } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';

/** A member's own report, as they sent it. */
export const reportResource = (report: typeof reports.$inferSelect) => ({
  id: report.id,
  model_type: report.modelType,
  model_id: report.modelId,
  reason: report.reason,
  detail: report.detail,
  created_at: apiTime(report.createdAt),
});
