import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { listLegacyUsage } from '../legacy/service.ts';

export const legacyUsageAnswer = z
  .strictObject({
    id: z.string(),
    path: z.string(),
    successor: z.string().nullable(),
    calls_today: z.int().min(0),
    calls_last_30_days: z.int().min(0),
    calls_total: z.int().min(1),
    // Seoul dates, the days the calls were counted under.
    first_day: z.iso.date(),
    last_day: z.iso.date(),
    last_called_at: apiTimeAnswer,
  })
  .meta({ id: 'AdminLegacyUsage' });

export type LegacyUsageAnswer = Conforms<Awaited<ReturnType<typeof listLegacyUsage>>['rows'][number], z.infer<typeof legacyUsageAnswer>>;
