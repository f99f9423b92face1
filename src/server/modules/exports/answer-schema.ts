import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { memberExportResource } from './resource.ts';

export const memberExportAnswer = z
  .strictObject({
    id: z.int(),
    status: z.enum(['pending', 'ready', 'failed']),
    download_url: z.string().nullable(),
    expires_at: apiTimeAnswer.nullable(),
    created_at: apiTimeAnswer,
  })
  .meta({ id: 'MemberExport' });

export type MemberExportAnswer = Conforms<ReturnType<typeof memberExportResource>, z.infer<typeof memberExportAnswer>>;
