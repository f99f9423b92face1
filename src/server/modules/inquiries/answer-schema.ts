import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { inquiryCategoryResource, inquiryResource } from './resource.ts';

/** An inquiry is answered once staff have written an answer; until then it waits. */
export const inquiryStatusAnswer = z.enum(['waiting', 'answered']);

export const inquiryCategoryAnswer = z.strictObject({ id: z.int(), name: z.string() }).meta({ id: 'InquiryCategory' });

export type InquiryCategoryAnswer = Conforms<ReturnType<typeof inquiryCategoryResource>, z.infer<typeof inquiryCategoryAnswer>>;

export const inquiryAttachmentAnswer = z
  .strictObject({ id: z.int(), url: z.string(), original_name: z.string(), mime_type: z.string(), size: z.int().min(0) })
  .meta({ id: 'InquiryAttachment' });

export const inquiryAnswer = z
  .strictObject({
    id: z.int(),
    category: inquiryCategoryAnswer,
    title: z.string(),
    content: z.string(),
    attachments: z.array(inquiryAttachmentAnswer),
    answer: z.string().nullable(),
    answered_at: apiTimeAnswer.nullable(),
    status: inquiryStatusAnswer,
    created_at: apiTimeAnswer,
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'Inquiry' });

export type InquiryAnswer = Conforms<ReturnType<typeof inquiryResource>, z.infer<typeof inquiryAnswer>>;
