import { PUBLIC_API_URL } from 'astro:env/client';
import { MEMBER_EXPORTS_API } from '../member-export.ts';
import type { MemberExportItem } from '../member-export.ts';
import type { Answer } from './body.ts';
import { clientFor } from './clients.ts';

export type { MemberExportItem } from '../member-export.ts';

/**
 * Starts the member's export, or answers the one under way. Quiet: the island tells a 429 (three
 * a day) where it happened.
 */
export async function startMemberExport(): Promise<MemberExportItem> {
  const { data } = await clientFor({ quiet: true }).post<Answer<MemberExportItem>>(MEMBER_EXPORTS_API);
  return data;
}

/** Where the browser downloads the ZIP: the API's host, which holds the member's session. */
export const downloadHref = (downloadUrl: string): string => `${PUBLIC_API_URL ?? ''}${downloadUrl}`;
