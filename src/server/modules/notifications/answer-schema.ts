import { z } from 'zod';
import { REACTION_TYPES } from '../../../lib/reactions.ts';
import { notificationTargets } from '../../db/schema/notifications.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { notificationResource } from './resource.ts';

export const notificationAnswer = z
  .strictObject({
    id: z.int(),
    read_at: apiTimeAnswer.nullable(),
    created_at: apiTimeAnswer,
    data: z.strictObject({
      title: z.string(),
      link: z.string().nullable(),
      target: z.enum(notificationTargets),
      nickname: z.string().nullable(),
      profile_image: z.string().nullable(),
      is_mention: z.boolean(),
      is_letter: z.boolean(),
      is_inquiry_answer: z.boolean(),
      is_order_paid: z.boolean(),
      is_export_ready: z.boolean(),
      reaction_type: z.enum(REACTION_TYPES).nullable(),
      reaction_type_text: z.string().nullable(),
      ritual_session_id: z.int().nullable(),
      ritual_session_thread_id: z.int().nullable(),
      square_post_category_slug: z.string().nullable(),
      id: z.int().nullable(),
      comment_id: z.int().nullable(),
    }),
  })
  .meta({ id: 'Notification' });

export type NotificationAnswer = Conforms<ReturnType<typeof notificationResource>, z.infer<typeof notificationAnswer>>;

export const newestNotificationAnswer = z.strictObject({ id: z.int(), created_at: apiTimeAnswer }).nullable();

export const readAllAnswer = z.strictObject({ read_count: z.int().min(0), read_at: apiTimeAnswer });
