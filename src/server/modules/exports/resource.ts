import { memberExportDownloadPath } from '../../../lib/member-export.ts';
import type { MemberExportItem } from '../../../lib/member-export.ts';
import type { Db } from '../../db/client.ts';
import { apiTime } from '../../http/serialize.ts';
import type { MemberExport } from './service.ts';
import { isExpired, listExports } from './service.ts';

/** An export as the member sees it: a run under way is still `pending`; an expired one has no link. */
export function memberExportResource(row: MemberExport, now = new Date()): MemberExportItem {
  const status = row.status === 'running' ? 'pending' : row.status;
  const downloadable = status === 'ready' && row.fileName !== null && !isExpired(row, now);
  return {
    id: row.id,
    status,
    download_url: downloadable ? memberExportDownloadPath(row.id) : null,
    expires_at: status === 'ready' ? apiTime(row.expiresAt) : null,
    created_at: apiTime(row.createdAt),
  };
}

/** The member's newest export for a page to seed its island with, or null. */
export async function latestExportOf(db: Db, userId: number): Promise<MemberExportItem | null> {
  const [latest] = await listExports(db, userId, 1);
  return latest ? memberExportResource(latest) : null;
}
