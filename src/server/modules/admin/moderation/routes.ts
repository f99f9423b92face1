import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { reportModelTypes } from '../../../db/schema/index.ts';
import type { ReportModelType } from '../../../db/schema/index.ts';
import { notFound } from '../../../domain-errors.ts';
import { validateBody, validateQuery } from '../../../http/context.ts';
import type { AppEnv } from '../../../http/context.ts';
import { pageMeta, pageQuery } from '../../../http/pagination.ts';
import { idField, idParam, routeId } from '../../../http/route-id.ts';
import { apiTime } from '../../../http/serialize.ts';
import { ADMIN_PER_PAGE, ADMIN_PER_PAGE_MAX, NOT_FOUND } from '../crud.ts';
import { auditActorOf } from '../guard.ts';
import { dismissReports, MODERATION_MESSAGES, setItemHidden, setPostingLimit } from './actions.ts';
import { listReportQueue, reportedItem } from './queue.ts';
import type { QueueItem } from './queue.ts';
import { dataOf, pageOf } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../../http/openapi/operation.ts';
import { dismissedAnswer, postingLimitAnswer, reportedItemAnswer, reportQueueItemAnswer, visibilityAnswer } from './answer-schema.ts';

const modelType = z.enum(reportModelTypes, { error: '대상 종류가 올바르지 않아요.' });

const queueQuery = pageQuery({ fallback: ADMIN_PER_PAGE, max: ADMIN_PER_PAGE_MAX }).extend({
  status: z.enum(['open', 'resolved', 'all'], { error: 'status는 open, resolved, all 중 하나여야 해요.' }).default('open'),
  model_type: modelType.optional(),
});

const itemInput = z.object({ model_type: modelType, model_id: idField('대상을 선택해 주세요.') });

const REASON_MAX = 200;
const limitInput = z.object({
  until: z.iso
    .datetime({ offset: true, error: '제한을 끝낼 때를 입력해 주세요.' })
    .transform((value) => new Date(value))
    .refine((value) => value.getTime() > Date.now(), '제한을 끝낼 때는 지금보다 뒤여야 해요.'),
  reason: z
    .string({ error: '제한 사유를 입력해 주세요.' })
    .trim()
    .min(1, '제한 사유를 입력해 주세요.')
    .max(REASON_MAX, `제한 사유는 ${REASON_MAX}자 이하로 입력해 주세요.`),
});

const ITEM_KEY = new RegExp(`^(${reportModelTypes.join('|')})-(\\d+)$`);

function parseKey(key: string): { type: ReportModelType; id: number } {
  const match = ITEM_KEY.exec(key);
  const id = match ? routeId(match[2]) : null;
  if (!match || id === null) throw notFound(NOT_FOUND);
  return { type: match[1] as ReportModelType, id };
}

const reportQueueItemResource = (row: QueueItem) => ({
  id: row.key,
  model_type: row.modelType,
  model_id: row.modelId,
  report_count: row.reportCount,
  open_count: row.openCount,
  is_open: row.openCount > 0,
  reasons: row.reasons,
  latest_reason: row.latestReason,
  first_reported_at: apiTime(row.firstReportedAt),
  last_reported_at: apiTime(row.lastReportedAt),
  is_hidden: row.item?.hiddenAt != null,
  hidden_at: apiTime(row.item?.hiddenAt ?? null),
  is_missing: row.item === null,
  excerpt: row.item?.excerpt ?? null,
  author: row.item ? { id: row.item.authorId, nickname: row.item.authorNickname } : null,
  place_id: row.item?.placeId ?? null,
});

const reportedItemResource = (found: NonNullable<Awaited<ReturnType<typeof reportedItem>>>) => ({
  ...reportQueueItemResource(found),
  reports: found.reports.map((report) => ({
    id: report.id,
    reporter: { id: report.reporterId, nickname: report.reporterNickname },
    reason: report.reason,
    detail: report.detail,
    resolved_at: apiTime(report.resolvedAt),
    created_at: apiTime(report.createdAt),
  })),
});

type Item = z.infer<typeof itemInput>;

const dismissedResource = (item: Item, resolvedReports: number) => ({ model_type: item.model_type, model_id: item.model_id, resolved_reports: resolvedReports });

const visibilityResource = (item: Item, hiddenAt: Date | null, resolvedReports: number) => ({
  model_type: item.model_type,
  model_id: item.model_id,
  hidden_at: apiTime(hiddenAt),
  resolved_reports: resolvedReports,
});

const postingLimitResource = (id: number, until: Date | null) => ({ id, posting_limited_until: apiTime(until) });

/** The report queue (one row per reported item), its decisions, and members' posting limits. */
export function moderationRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/admin/reports', async (c) => {
      const query = validateQuery(c, queueQuery);
      const { items, total } = await listReportQueue(db, { status: query.status, modelType: query.model_type, page: query.page, perPage: query.per_page });
      return c.json({ data: items.map(reportQueueItemResource), meta: pageMeta(query.page, query.per_page, total) });
    })
    .get('/api/admin/reports/:key', async (c) => {
      const { type, id } = parseKey(c.req.param('key'));
      const found = await reportedItem(db, type, id);
      if (!found) throw notFound(MODERATION_MESSAGES.noReports);
      return c.json({ data: reportedItemResource(found) });
    })
    .post('/api/admin/reports/dismiss', async (c) => {
      const input = validateBody(c, itemInput);
      const result = await dismissReports(db, auditActorOf(c), input.model_type, input.model_id);
      return c.json({ data: dismissedResource(input, result.resolvedReports) });
    })
    .post('/api/admin/moderation/hide', async (c) => {
      const input = validateBody(c, itemInput);
      const result = await setItemHidden(db, auditActorOf(c), input.model_type, input.model_id, true);
      return c.json({ data: visibilityResource(input, result.hiddenAt, result.resolvedReports) });
    })
    .post('/api/admin/moderation/restore', async (c) => {
      const input = validateBody(c, itemInput);
      const result = await setItemHidden(db, auditActorOf(c), input.model_type, input.model_id, false);
      return c.json({ data: visibilityResource(input, null, result.resolvedReports) });
    })
    .post('/api/admin/members/:id/posting-limit', async (c) => {
      const id = idParam(c, 'id', MODERATION_MESSAGES.memberMissing);
      const input = validateBody(c, limitInput);
      const result = await setPostingLimit(db, auditActorOf(c), id, input.until, input.reason);
      return c.json({ data: postingLimitResource(id, result.postingLimitedUntil) });
    })
    .delete('/api/admin/members/:id/posting-limit', async (c) => {
      const id = idParam(c, 'id', MODERATION_MESSAGES.memberMissing);
      await setPostingLimit(db, auditActorOf(c), id, null, null);
      return c.json({ data: postingLimitResource(id, null) });
    });
}

// Checked here rather than beside the schemas: their file cannot import these routes, which import it.
export type ReportQueueItemAnswer = Conforms<ReturnType<typeof reportQueueItemResource>, z.infer<typeof reportQueueItemAnswer>>;
export type ReportedItemAnswer = Conforms<ReturnType<typeof reportedItemResource>, z.infer<typeof reportedItemAnswer>>;
export type DismissedAnswer = Conforms<ReturnType<typeof dismissedResource>, z.infer<typeof dismissedAnswer>>;
export type VisibilityAnswer = Conforms<ReturnType<typeof visibilityResource>, z.infer<typeof visibilityAnswer>>;
export type PostingLimitAnswer = Conforms<ReturnType<typeof postingLimitResource>, z.infer<typeof postingLimitAnswer>>;

const visibility = dataOf(visibilityAnswer);
const postingLimit = dataOf(postingLimitAnswer);

export const moderationOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/reports', summary: '신고 대기열', access: 'staff', query: queueQuery, answers: { 200: pageOf(reportQueueItemAnswer) } },
  { method: 'GET', path: '/api/admin/reports/:key', summary: '신고된 글과 신고들', access: 'staff', answers: { 200: dataOf(reportedItemAnswer) } },
  { method: 'POST', path: '/api/admin/reports/dismiss', summary: '신고 기각', access: 'staff', body: itemInput, answers: { 200: dataOf(dismissedAnswer) } },
  { method: 'POST', path: '/api/admin/moderation/hide', summary: '숨기기', access: 'staff', body: itemInput, answers: { 200: visibility } },
  { method: 'POST', path: '/api/admin/moderation/restore', summary: '숨김 풀기', access: 'staff', body: itemInput, answers: { 200: visibility } },
  { method: 'POST', path: '/api/admin/members/:id/posting-limit', summary: '글쓰기 제한', access: 'staff', body: limitInput, answers: { 200: postingLimit } },
  { method: 'DELETE', path: '/api/admin/members/:id/posting-limit', summary: '글쓰기 제한 풀기', access: 'staff', answers: { 200: postingLimit } },
];
