import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import { inquiryStatusAnswer } from '../inquiries/answer-schema.ts';

export const adminInquiryCategoryAnswer = z.strictObject({ id: z.int(), name: z.string() }).meta({ id: 'AdminInquiryCategory' });

const adminInquiryListItemFields = {
  id: z.int(),
  title: z.string(),
  status: inquiryStatusAnswer,
  inquiry_category_id: z.int(),
  category_name: z.string(),
  user_id: z.int(),
  member_nickname: z.string(),
  // A member who left keeps the inquiry but not the address.
  member_email: z.string().nullable(),
  answered_by_id: z.int().nullable(),
  answered_by_nickname: z.string().nullable(),
  answered_at: apiTimeAnswer.nullable(),
  created_at: apiTimeAnswer,
  updated_at: apiTimeAnswer,
};

export const adminInquiryListItemAnswer = z.strictObject(adminInquiryListItemFields).meta({ id: 'AdminInquiryListItem' });

export const adminInquiryAnswer = z
  .strictObject({
    ...adminInquiryListItemFields,
    content: z.string(),
    answer: z.string().nullable(),
    answer_text: z.string().nullable(),
    attachments: z.array(
      z.strictObject({ id: z.int(), url: z.string(), original_name: z.string(), mime_type: z.string(), size: z.int().min(0) }),
    ),
  })
  .meta({ id: 'AdminInquiry' });
