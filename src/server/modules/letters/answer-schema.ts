import { z } from 'zod';
import { LETTER_STATES } from '../../../lib/letters.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { letterResource } from './resource.ts';

export const letterAnswer = z
  .strictObject({
    id: z.int(),
    ritual_session_id: z.int(),
    content: z.string(),
    state: z.enum(LETTER_STATES),
    editable: z.boolean(),
    deliver_at: apiTimeAnswer,
    delivered_at: apiTimeAnswer.nullable(),
    created_at: apiTimeAnswer,
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'Letter' });

export type LetterAnswer = Conforms<ReturnType<typeof letterResource>, z.infer<typeof letterAnswer>>;
