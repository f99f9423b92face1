import { atom } from 'nanostores';
import { isApiError } from '../lib/api-errors.ts';
import type { ValidationErrors } from '../lib/api-errors.ts';
import { saveInquiry } from '../lib/api/inquiries.ts';
import { partsProgress, percentOf } from '../lib/images/picture-rules.ts';
import type { SubmitOutcome } from './form-submit.ts';

/** What the form holds when it is sent: its fields, the attachments kept, the new files by their entry's key. */
export interface InquiryComposition {
  values: { inquiry_category_id: string; title: string; content: string };
  keptIds: number[];
  fresh: { key: string; file: File }[];
}

/** How far the whole has gone, and each new file by its entry's key. */
export interface InquirySending {
  percent: number;
  byKey: ReadonlyMap<string, number>;
}

/** The file messages of a refusal: a body too large, and the kept attachments, are the picker's. */
function refusalOf(error: unknown): { invalid: ValidationErrors } | { failure: unknown } {
  if (!isApiError(error)) return { failure: error };
  if (error.status === 413) return { invalid: { files: [error.message] } };
  if (error.status !== 422) return { failure: error };
  const { keep_attachment_ids: keep = [], ...rest } = error.errors;
  return { invalid: keep.length > 0 ? { ...rest, files: [...(rest.files ?? []), ...keep] } : rest };
}

/**
 * /inquiry/create and /inquiry/{id}/edit: the inquiry sent as multipart, its new files' progress
 * in `$sending`; the answer is where it now opens. Busy after a success, until that page replaces this one.
 */
export function createInquiryForm(inquiryId: number | null) {
  const $busy = atom(false);
  const $sending = atom<InquirySending | null>(null);

  const submit = async ({ values, keptIds, fresh }: InquiryComposition): Promise<SubmitOutcome<string> | null> => {
    if ($busy.get()) return null;
    $busy.set(true);
    const sizes = fresh.map((entry) => entry.file.size);
    const progress = (done: number[], percent: number): InquirySending => ({ percent, byKey: new Map(fresh.map((entry, index) => [entry.key, done[index] ?? 0])) });
    if (fresh.length > 0) $sending.set(progress([], 0));
    const onProgress = fresh.length > 0 ? (sent: number, total: number) => $sending.set(progress(partsProgress(sent, total, sizes), percentOf(sent, total))) : undefined;
    try {
      const data = await saveInquiry(inquiryId, { ...values, files: fresh.map((entry) => entry.file), keep_attachment_ids: keptIds }, { onProgress });
      return { sent: `/inquiry/${data.id}` };
    } catch (error) {
      $busy.set(false);
      $sending.set(null);
      return refusalOf(error);
    }
  };

  return { $busy, $sending, submit };
}
