import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { attachmentHeaders } from './attachments.ts';
import { inquiryCategoryResource, inquiryResource } from './resource.ts';
import { INQUIRY_MESSAGES, inquiryCreateInput, inquiryListQuery, inquiryUpdateInput } from './schema.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import {
  createInquiry,
  deleteInquiry,
  findOwnInquiry,
  listInquiries,
  listInquiryCategories,
  readOwnAttachment,
  updateInquiry,
} from './service.ts';

// Every write decodes up to five pictures; counted per member once the text fields are valid, so a
// member correcting a typo is not held back, while a flood of uploads is.
const CREATE_RULE = { name: 'inquiry-create', limit: 10, windowSeconds: 3600 };
const UPDATE_RULE = { name: 'inquiry-update', limit: 30, windowSeconds: 3600 };

/** The path's id; anything that is not one answers as an inquiry that does not exist. */
const inquiryId = (c: AppContext, name = 'id'): number => idParam(c, name, INQUIRY_MESSAGES.notFound);

export function inquiryRoutes(db: Db, storage: FileStorage) {
  const writer = (c: AppContext) => ({ db, storage, log: c.get('log') });
  return new Hono<AppEnv>()
    .get('/api/inquiry-categories', async (c) => {
      requireMember(c);
      const categories = await listInquiryCategories(db);
      return c.json({ data: categories.map(inquiryCategoryResource) });
    })
    .get('/api/inquiries', async (c) => {
      const user = requireMember(c);
      const { page, per_page: perPage } = validateQuery(c, inquiryListQuery);
      const { items, total } = await listInquiries(db, user.id, { page, perPage });
      return c.json({
        data: items.map(inquiryResource),
        meta: pageMeta(page, perPage, total),
      });
    })
    .post('/api/inquiries', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, inquiryCreateInput);
      await enforceRateLimit(db, c, CREATE_RULE, String(user.id));
      const inquiry = await createInquiry(writer(c), user.id, {
        categoryId: input.inquiry_category_id,
        title: input.title,
        content: input.content,
        files: input.files,
      });
      c.get('log').info({ userId: user.id, inquiryId: inquiry.id, files: inquiry.attachments.length }, 'inquiry created');
      return c.json({ data: inquiryResource(inquiry) }, 201);
    })
    .get('/api/inquiries/:id', async (c) => {
      const user = requireMember(c);
      const inquiry = await findOwnInquiry(db, user.id, inquiryId(c));
      if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
      return c.json({ data: inquiryResource(inquiry) });
    })
    .get('/api/inquiries/:id/attachments/:attachmentId', async (c) => {
      const user = requireMember(c);
      const file = await readOwnAttachment(db, storage, user.id, inquiryId(c), inquiryId(c, 'attachmentId'));
      if (!file) throw notFound(INQUIRY_MESSAGES.attachmentNotFound);
      return c.body(new Uint8Array(file.bytes), 200, attachmentHeaders(file));
    })
    .put('/api/inquiries/:id', async (c) => {
      const user = requireMember(c);
      const id = inquiryId(c);
      const input = validateBody(c, inquiryUpdateInput);
      await enforceRateLimit(db, c, UPDATE_RULE, String(user.id));
      const inquiry = await updateInquiry(writer(c), user.id, id, {
        categoryId: input.inquiry_category_id,
        title: input.title,
        content: input.content,
        files: input.files,
        keepAttachmentIds: input.keep_attachment_ids,
      });
      return c.json({ data: inquiryResource(inquiry) });
    })
    .delete('/api/inquiries/:id', async (c) => {
      const user = requireMember(c);
      await deleteInquiry(writer(c), user.id, inquiryId(c));
      return c.body(null, 204);
    });
}
