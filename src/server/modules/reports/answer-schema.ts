import { z } from 'zod';
import { reportModelTypes, reportReasons } from '../../db/schema/index.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { reportResource } from './resource.ts';

export const reportAnswer = z
  .strictObject({
    id: z.int(),
    model_type: z.enum(reportModelTypes),
    model_id: z.int(),
    reason: z.enum(reportReasons),
    detail: z.string().nullable(),
    created_at: apiTimeAnswer,
  })
  .meta({ id: 'Report' });

export type ReportAnswer = Conforms<ReturnType<typeof reportResource>, z.infer<typeof reportAnswer>>;
