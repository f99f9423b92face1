import { z } from 'zod';
import { REMINDER_CHANNELS } from '../../../lib/reminders.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { reminderResource } from './resource.ts';

export const reminderAnswer = z
  .strictObject({
    ritual_session_id: z.int(),
    title: z.string(),
    enabled: z.boolean(),
    time: z.string().regex(/^\d{2}:\d{2}$/),
    channels: z.array(z.enum(REMINDER_CHANNELS)),
  })
  .meta({ id: 'Reminder' });

export type ReminderAnswer = Conforms<ReturnType<typeof reminderResource>, z.infer<typeof reminderAnswer>>;
