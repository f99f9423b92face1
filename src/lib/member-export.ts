/** The member's export as the API, the islands and the mail speak of it (API-CONVENTIONS.md, "Drafts and the member's own data"). */

/** `pending` covers a build under way too: the member waits either way. */
export type MemberExportStatus = 'pending' | 'ready' | 'failed';

export interface MemberExportItem {
  id: number;
  status: MemberExportStatus;
  /** Set while the ZIP may be downloaded; null before, after a failure and once expired. */
  download_url: string | null;
  expires_at: string | null;
  created_at: string;
}

/** Where 마이페이지 shows the export: the notification and the mail lead there. */
export const MEMBER_EXPORT_PATH = '/mypage#member-export';
export const MEMBER_EXPORT_TITLE = '내 기록 내보내기';
export const MEMBER_EXPORTS_API = '/api/me/exports';
export const memberExportApiPath = (id: number): string => `${MEMBER_EXPORTS_API}/${id}`;
export const memberExportDownloadPath = (id: number): string => `${MEMBER_EXPORTS_API}/${id}/download`;
