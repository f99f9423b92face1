import { apiTime } from '../../http/serialize.ts';
import type { InquiryAttachmentView, InquiryCategoryView, InquiryView } from './service.ts';
import { isAnswered } from './service.ts';

export const inquiryCategoryResource = (category: InquiryCategoryView) => ({ id: category.id, name: category.name });

const attachmentResource = (file: InquiryAttachmentView) => ({
  id: file.id,
  url: file.url,
  original_name: file.originalName,
  mime_type: file.mimeType,
  size: file.size,
});

/** A member's inquiry as its owner sees it (GET /api/inquiries, /api/inquiries/{id}). */
export const inquiryResource = (inquiry: InquiryView) => ({
  id: inquiry.id,
  category: inquiryCategoryResource(inquiry.category),
  title: inquiry.title,
  content: inquiry.content,
  attachments: inquiry.attachments.map(attachmentResource),
  answer: inquiry.answer,
  answered_at: apiTime(inquiry.answeredAt),
  status: isAnswered(inquiry) ? ('answered' as const) : ('waiting' as const),
  created_at: apiTime(inquiry.createdAt),
  updated_at: apiTime(inquiry.updatedAt),
});
