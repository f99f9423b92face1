import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { InquiryAttachment } from '../../db/schema/index.ts';
import { inquiries, inquiryAttachments, inquiryCategories, users } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppContext, AppDeps, AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idField, idParam } from '../../http/route-id.ts';
import { apiTime } from '../../http/serialize.ts';
import { answerHtml, answerInput, answerText, inquiryAnswerMail } from '../inquiries/answer.ts';
import { attachmentHeaders } from '../inquiries/attachments.ts';
import { INQUIRY_MESSAGES } from '../inquiries/schema.ts';
import { readAttachment } from '../inquiries/service.ts';
import { notifyInquiryAnswer } from '../notifications/events.ts';
import { recordAudit } from './audit.ts';
import { listQuery, sortColumnOf } from './crud.ts';
import { auditActorOf } from './guard.ts';
import { dataOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { adminInquiryAnswer, adminInquiryCategoryAnswer, adminInquiryListItemAnswer } from './inquiries-answer-schema.ts';

const answerers = alias(users, 'answerers');

const queueQuery = listQuery.extend({
  status: z.enum(['waiting', 'answered'], { error: '상태는 waiting 또는 answered여야 해요.' }).optional(),
  inquiry_category_id: idField('문의 유형이 올바르지 않아요.').optional(),
});

const columns = {
  id: inquiries.id,
  title: inquiries.title,
  content: inquiries.content,
  answer: inquiries.answer,
  answeredAt: inquiries.answeredAt,
  createdAt: inquiries.createdAt,
  updatedAt: inquiries.updatedAt,
  categoryId: inquiryCategories.id,
  categoryName: inquiryCategories.name,
  userId: inquiries.userId,
  memberNickname: users.nickname,
  memberEmail: users.email,
  memberDeletedAt: users.deletedAt,
  answeredById: inquiries.answeredById,
  answeredByNickname: answerers.nickname,
};

const selectInquiries = (db: Db) =>
  db
    .select(columns)
    .from(inquiries)
    .innerJoin(inquiryCategories, eq(inquiryCategories.id, inquiries.inquiryCategoryId))
    .innerJoin(users, eq(users.id, inquiries.userId))
    .leftJoin(answerers, eq(answerers.id, inquiries.answeredById));

type Row = Awaited<ReturnType<typeof selectInquiries>>[number];

const sortable = { created_at: inquiries.createdAt, answered_at: inquiries.answeredAt, id: inquiries.id };

/** Where staff open an attachment: behind the console's guard, never a public address. */
const consoleAttachmentPath = (inquiryId: number, attachmentId: number) => `/api/admin/inquiries/${inquiryId}/attachments/${attachmentId}`;

const adminInquiryListResource = (row: Row) => ({
  id: row.id,
  title: row.title,
  status: row.answeredAt ? ('answered' as const) : ('waiting' as const),
  inquiry_category_id: row.categoryId,
  category_name: row.categoryName,
  user_id: row.userId,
  member_nickname: row.memberDeletedAt ? '탈퇴한 회원' : row.memberNickname,
  member_email: row.memberDeletedAt ? null : row.memberEmail,
  answered_by_id: row.answeredById,
  answered_by_nickname: row.answeredByNickname,
  answered_at: apiTime(row.answeredAt),
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

const adminInquiryResource = (row: Row, files: InquiryAttachment[]) => ({
  ...adminInquiryListResource(row),
  content: row.content,
  // As stored (HTML, what the member sees) and as the plain text the answer form edits.
  answer: row.answer,
  answer_text: row.answer === null ? null : answerText(row.answer),
  attachments: files.map((file) => ({
    id: file.id,
    url: consoleAttachmentPath(row.id, file.id),
    original_name: file.originalName,
    mime_type: file.mimeType,
    size: file.size,
  })),
});

async function findInquiry(db: Db, id: number) {
  const [row] = await selectInquiries(db).where(eq(inquiries.id, id));
  if (!row) return null;
  const files = await db
    .select()
    .from(inquiryAttachments)
    .where(eq(inquiryAttachments.inquiryId, id))
    .orderBy(asc(inquiryAttachments.sortOrder), asc(inquiryAttachments.id));
  return adminInquiryResource(row, files);
}

const listInquiryCategories = (db: Db) =>
  db
    .select({ id: inquiryCategories.id, name: inquiryCategories.name })
    .from(inquiryCategories)
    .orderBy(asc(inquiryCategories.sortOrder), asc(inquiryCategories.id));

const inquiryIdOf = (c: AppContext, name = 'id'): number => idParam(c, name, INQUIRY_MESSAGES.notFound);

/** The inquiry queue: read, open attachments, answer (and correct an answer). */
export function adminInquiryRoutes({ db, storage, mailer, background, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/api/admin/inquiry-categories', async (c) => {
      const rows = await listInquiryCategories(db);
      return c.json({ data: rows, meta: pageMeta(1, Math.max(1, rows.length), rows.length) });
    })
    .get('/api/admin/inquiries', async (c) => {
      const query = validateQuery(c, queueQuery);
      const conditions: (SQL | undefined)[] = [];
      if (query.ids) conditions.push(inArray(inquiries.id, query.ids));
      if (query.status === 'waiting') conditions.push(isNull(inquiries.answeredAt));
      if (query.status === 'answered') conditions.push(isNotNull(inquiries.answeredAt));
      if (query.inquiry_category_id) conditions.push(eq(inquiries.inquiryCategoryId, query.inquiry_category_id));
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(or(ilike(inquiries.title, pattern), ilike(users.nickname, pattern), ilike(users.email, pattern)));
      }
      const where = and(...conditions);
      const direction = query.order === 'asc' ? asc : desc;
      const sortColumn = sortColumnOf(sortable, query.sort);
      // By default the queue: whatever still waits, the longest waiting first, then the answered.
      const order = sortColumn
        ? [direction(sortColumn), direction(inquiries.id)]
        : [sql`${inquiries.answeredAt} is not null`, asc(inquiries.createdAt), asc(inquiries.id)];
      const [rows, [total]] = await Promise.all([
        selectInquiries(db)
          .where(where)
          .orderBy(...order)
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(inquiries).innerJoin(users, eq(users.id, inquiries.userId)).where(where),
      ]);
      return c.json({ data: rows.map(adminInquiryListResource), meta: pageMeta(query.page, query.per_page, total?.value ?? 0) });
    })
    .get('/api/admin/inquiries/:id', async (c) => {
      const inquiry = await findInquiry(db, inquiryIdOf(c));
      if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
      return c.json({ data: inquiry });
    })
    .get('/api/admin/inquiries/:id/attachments/:attachmentId', async (c) => {
      const file = await readAttachment(db, storage, null, inquiryIdOf(c), inquiryIdOf(c, 'attachmentId'));
      if (!file) throw notFound(INQUIRY_MESSAGES.attachmentNotFound);
      return c.body(new Uint8Array(file.bytes), 200, attachmentHeaders(file));
    })
    .post('/api/admin/inquiries/:id/answer', async (c) => {
      const id = inquiryIdOf(c);
      const { answer } = validateBody(c, answerInput);
      const actor = auditActorOf(c);
      const html = answerHtml(answer);
      const first = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const [before] = await executor
          .select({
            answer: inquiries.answer,
            answeredAt: inquiries.answeredAt,
            answeredById: inquiries.answeredById,
            userId: inquiries.userId,
            title: inquiries.title,
            memberDeletedAt: users.deletedAt,
          })
          .from(inquiries)
          .innerJoin(users, eq(users.id, inquiries.userId))
          .where(eq(inquiries.id, id))
          .for('update', { of: inquiries });
        if (!before) throw notFound(INQUIRY_MESSAGES.notFound);
        // A correction keeps the time of the first answer, which is when the member was told.
        const answeredAt = before.answeredAt ?? new Date();
        const [after] = await executor
          .update(inquiries)
          .set({ answer: html, answeredAt, answeredById: actor.userId })
          .where(eq(inquiries.id, id))
          .returning({ answer: inquiries.answer, answeredAt: inquiries.answeredAt, answeredById: inquiries.answeredById });
        await recordAudit(executor, actor, {
          action: before.answeredAt ? 'update_answer' : 'answer',
          modelType: 'inquiry',
          modelId: id,
          before: { answer: before.answer, answered_at: before.answeredAt, answered_by_id: before.answeredById },
          after: { answer: after!.answer, answered_at: after!.answeredAt, answered_by_id: after!.answeredById },
        });
        // Told once, on the first answer: correcting a typo should not ring the bell again.
        if (before.answeredAt || before.memberDeletedAt) return null;
        await notifyInquiryAnswer(executor, { userId: before.userId, inquiryId: id, title: before.title });
        return before;
      });
      if (first) {
        const url = new URL(`/inquiry/${id}`, config.appUrl).toString();
        background.start(c.get('log'), 'inquiry answer mail', async () => {
          const [member] = await db
            .select({ email: users.email, nickname: users.nickname, deletedAt: users.deletedAt })
            .from(users)
            .where(eq(users.id, first.userId));
          if (!member || member.deletedAt) return;
          await mailer.send(inquiryAnswerMail(member.email, member.nickname, first.title, answer, url));
        });
      }
      return c.json({ data: await findInquiry(db, id) });
    });
}

// Checked here rather than beside the schemas: their file cannot import these routes, which import it.
export type AdminInquiryCategoryAnswer = Conforms<Awaited<ReturnType<typeof listInquiryCategories>>[number], z.infer<typeof adminInquiryCategoryAnswer>>;
export type AdminInquiryListItemAnswer = Conforms<ReturnType<typeof adminInquiryListResource>, z.infer<typeof adminInquiryListItemAnswer>>;
export type AdminInquiryAnswer = Conforms<ReturnType<typeof adminInquiryResource>, z.infer<typeof adminInquiryAnswer>>;

export const adminInquiryOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/inquiry-categories', summary: '문의 분류', access: 'staff', answers: { 200: pageOf(adminInquiryCategoryAnswer) } },
  { method: 'GET', path: '/api/admin/inquiries', summary: '문의 대기열', access: 'staff', query: queueQuery, answers: { 200: pageOf(adminInquiryListItemAnswer) } },
  { method: 'GET', path: '/api/admin/inquiries/:id', summary: '문의', access: 'staff', answers: { 200: dataOf(adminInquiryAnswer) } },
  { method: 'GET', path: '/api/admin/inquiries/:id/attachments/:attachmentId', summary: '문의 첨부 파일 (파일 그대로)', access: 'staff', answers: { 200: null } },
  { method: 'POST', path: '/api/admin/inquiries/:id/answer', summary: '문의 답변', access: 'staff', body: answerInput, answers: { 200: dataOf(adminInquiryAnswer) } },
];
