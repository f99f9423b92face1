import { memberExportDownloadPath } from '../../../lib/member-export.ts';
import type { MemberExportItem } from '../../../lib/member-export.ts';
import { apiTime } from '../../http/serialize.ts';
import type { MemberExport } from './service.ts';
import { isExpired } from './service.ts';

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
