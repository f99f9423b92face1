import { z } from 'zod';
import { pageQuery } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';

export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_CONTENT_MAX = 3000;
export const INQUIRY_FILES_MAX = 5;
export const INQUIRY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const INQUIRIES_PER_PAGE = 10;
const PER_PAGE_MAX = 50;

export const INQUIRY_MESSAGES = {
  category: '문의 유형을 선택해 주세요.',
  unknownCategory: '선택한 문의 유형을 찾을 수 없어요. 다시 선택해 주세요.',
  title: '제목을 입력해 주세요.',
  titleTooLong: `제목은 ${INQUIRY_TITLE_MAX}자 이하로 입력해 주세요.`,
  content: '문의 내용을 입력해 주세요.',
  contentTooLong: `문의 내용은 ${INQUIRY_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  fileType: '이미지(JPG, PNG, WEBP, GIF) 또는 PDF 파일만 첨부할 수 있어요.',
  fileTooLarge: `첨부파일은 한 개에 ${INQUIRY_FILE_MAX_BYTES / (1024 * 1024)}MB 이하로 올려 주세요.`,
  tooManyFiles: `첨부파일은 ${INQUIRY_FILES_MAX}개까지 올릴 수 있어요.`,
  unknownAttachment: '남겨 둘 첨부파일을 찾을 수 없어요. 새로고침한 뒤 다시 시도해 주세요.',
  notFound: '문의를 찾을 수 없어요.',
  attachmentNotFound: '첨부파일을 찾을 수 없어요.',
  answered: '답변이 등록된 문의는 수정하거나 삭제할 수 없어요.',
} as const;

// Browsers send a textarea's line breaks as CRLF, while its maxlength counted each as one character.
const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

// Kinds, counts and sizes are judged on the whole list, so every message lands under `files`, next
// to the picker, rather than under `files.3`. What the bytes are is judged by the service. A text
// field sent under the name is refused as well: only uploaded files are taken.
const files = z
  .custom<File[]>((value) => Array.isArray(value) && value.every((item) => item instanceof File), {
    error: INQUIRY_MESSAGES.fileType,
  })
  .refine((list) => list.length <= INQUIRY_FILES_MAX, INQUIRY_MESSAGES.tooManyFiles)
  .refine((list) => list.every((f) => f.size <= INQUIRY_FILE_MAX_BYTES), INQUIRY_MESSAGES.fileTooLarge)
  .default([]);

const inquiryFields = {
  inquiry_category_id: idField(INQUIRY_MESSAGES.category),
  title: text(INQUIRY_MESSAGES.title, INQUIRY_TITLE_MAX, INQUIRY_MESSAGES.titleTooLong),
  content: text(INQUIRY_MESSAGES.content, INQUIRY_CONTENT_MAX, INQUIRY_MESSAGES.contentTooLong),
  files,
};

/** POST /api/inquiries (multipart; `files[]`). */
export const inquiryCreateInput = z.object(inquiryFields);

/**
 * PUT /api/inquiries/{id}: the whole inquiry again. The attachments kept are exactly those listed
 * in `keep_attachment_ids[]` (none when absent, since multipart cannot send an empty list); new
 * ones come in `files[]`, and together they stay within the limit.
 */
export const inquiryUpdateInput = z.object({
  ...inquiryFields,
  keep_attachment_ids: z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(idField(INQUIRY_MESSAGES.unknownAttachment), {
        error: INQUIRY_MESSAGES.unknownAttachment,
      })
      .transform((ids) => [...new Set(ids)])
      .default([]),
  ),
});

/** `?page=N&per_page=M` of the member's own list. */
export const inquiryListQuery = pageQuery({ fallback: INQUIRIES_PER_PAGE, max: PER_PAGE_MAX });

export type InquiryCreateInput = z.output<typeof inquiryCreateInput>;
export type InquiryUpdateInput = z.output<typeof inquiryUpdateInput>;
