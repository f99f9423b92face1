import type { inquiryResource } from '../../server/modules/inquiries/resource.ts';
import type { SendOptions } from './clients.ts';
import type { Answer, MultipartFields } from './body.ts';
import { multipart } from './body.ts';
import { clientFor } from './clients.ts';

type Inquiry = ReturnType<typeof inquiryResource>;

/**
 * The form's fields as typed, its new files in `files` and, when editing, the attachments kept
 * in `keep_attachment_ids` (both sent as `name[]`).
 */
export interface InquiryDraft extends MultipartFields {
  inquiry_category_id: string;
  title: string;
  content: string;
  files: File[];
  keep_attachment_ids?: number[];
}

/** A new inquiry (no id) or the whole inquiry again; with files, `onProgress` follows them. */
export async function saveInquiry(inquiryId: number | null, draft: InquiryDraft, options: Pick<SendOptions, 'onProgress'> = {}): Promise<Inquiry> {
  const client = clientFor(options);
  const body = multipart(draft);
  const { data } = inquiryId === null ? await client.post<Answer<Inquiry>>('/api/inquiries', body) : await client.put<Answer<Inquiry>>(`/api/inquiries/${inquiryId}`, body);
  return data;
}

export const deleteInquiry = (inquiryId: number): Promise<unknown> => clientFor().del(`/api/inquiries/${inquiryId}`);
