import { z } from 'zod';
import { reportModelTypes, reportReasons } from '../../../db/schema/admin.ts';
import { roomPostCategories } from '../../../db/schema/rooms.ts';
import { apiTimeAnswer } from '../../../http/openapi/envelopes.ts';

const reportModelTypeAnswer = z.enum(reportModelTypes);
const reportReasonAnswer = z.enum(reportReasons);
const personAnswer = z.strictObject({ id: z.int(), nickname: z.string() });

const reportQueueItemFields = {
  // `<model_type>-<model_id>`: the console's id for a reported item.
  id: z.string(),
  model_type: reportModelTypeAnswer,
  model_id: z.int(),
  report_count: z.int().min(1),
  open_count: z.int().min(0),
  is_open: z.boolean(),
  reasons: z.array(reportReasonAnswer),
  latest_reason: reportReasonAnswer,
  first_reported_at: apiTimeAnswer,
  last_reported_at: apiTimeAnswer,
  is_hidden: z.boolean(),
  hidden_at: apiTimeAnswer.nullable(),
  // The reported item is gone (deleted since): only the reports are left.
  is_missing: z.boolean(),
  excerpt: z.string().nullable(),
  author: personAnswer.nullable(),
  place_id: z.int().nullable(),
};

export const reportQueueItemAnswer = z.strictObject(reportQueueItemFields).meta({ id: 'AdminReportQueueItem' });

export const reportedItemAnswer = z
  .strictObject({
    ...reportQueueItemFields,
    reports: z.array(
      z.strictObject({
        id: z.int(),
        reporter: personAnswer,
        reason: reportReasonAnswer,
        detail: z.string().nullable(),
        resolved_at: apiTimeAnswer.nullable(),
        created_at: apiTimeAnswer,
      }),
    ),
  })
  .meta({ id: 'AdminReportedItem' });

export const dismissedAnswer = z
  .strictObject({ model_type: reportModelTypeAnswer, model_id: z.int(), resolved_reports: z.int().min(0) })
  .meta({ id: 'AdminReportsDismissed' });

export const visibilityAnswer = z
  .strictObject({ model_type: reportModelTypeAnswer, model_id: z.int(), hidden_at: apiTimeAnswer.nullable(), resolved_reports: z.int().min(0) })
  .meta({ id: 'AdminItemVisibility' });

export const postingLimitAnswer = z
  .strictObject({ id: z.int(), posting_limited_until: apiTimeAnswer.nullable() })
  .meta({ id: 'AdminPostingLimit' });

const roomPostFields = {
  id: z.int(),
  model_type: z.literal('ritual_session_post'),
  model_id: z.int(),
  ritual_session_id: z.int(),
  session: z.string(),
  category: z.enum(roomPostCategories),
  title: z.string().nullable(),
  excerpt: z.string(),
  author: personAnswer,
  comments_count: z.int().min(0),
  is_hidden: z.boolean(),
  hidden_at: apiTimeAnswer.nullable(),
  created_at: apiTimeAnswer,
};

export const roomPostAnswer = z.strictObject(roomPostFields).meta({ id: 'AdminRoomPost' });

export const roomPostDetailAnswer = z.strictObject({ ...roomPostFields, content_html: z.string() }).meta({ id: 'AdminRoomPostDetail' });
