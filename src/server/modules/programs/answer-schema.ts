import { z } from 'zod';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { recruitStateAnswer, ritualThemeAnswer } from '../rituals/answer-schema.ts';
import type { programEventResource } from './resource.ts';

export const programEventAnswer = z
  .strictObject({
    id: z.int(),
    ritual_id: z.int(),
    ritual_session_id: z.int(),
    title: z.string(),
    starts_at: apiTimeAnswer,
    ends_at: apiTimeAnswer,
    place: z.string(),
    capacity: z.int().min(0),
    seats_left: z.int().min(0),
    price: z.int().min(0),
    ritual_title: z.string(),
    cover_image_url: z.string(),
    cover_image_alt: z.string(),
    theme: ritualThemeAnswer.nullable(),
    recruit_state: recruitStateAnswer,
  })
  .meta({ id: 'ProgramEvent' });

export type ProgramEventAnswer = Conforms<ReturnType<typeof programEventResource>, z.infer<typeof programEventAnswer>>;
