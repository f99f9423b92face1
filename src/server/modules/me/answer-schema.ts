import { z } from 'zod';
import { orderStatuses } from '../../db/schema/orders.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { deletionPreviewResource } from '../orders/live-purchases.ts';
import { ownAccountFields } from '../users/answer-schema.ts';
import type { profileResource } from './resource.ts';

export const profileAnswer = z
  .strictObject({
    ...ownAccountFields,
    country_code: z.string().nullable(),
    /** Masked: 010-****-5678. */
    phone: z.string().nullable(),
    agreed_marketing_at: apiTimeAnswer.nullable(),
  })
  .meta({ id: 'MyProfile' });

export type ProfileAnswer = Conforms<ReturnType<typeof profileResource>, z.infer<typeof profileAnswer>>;

const won = z.int().min(0);

export const deletionPreviewAnswer = z
  .strictObject({
    orders: z.array(
      z.strictObject({
        order_id: z.int(),
        order_number: z.string(),
        title: z.string(),
        status: z.enum(orderStatuses),
        status_label: z.string(),
        refund_amount: won,
        payment_method: z.string().nullable(),
        lines: z.array(
          z.strictObject({
            name: z.string(),
            kind: z.enum(['product', 'ritual_session']),
            outcome: z.enum(['refund', 'session_running', 'shipping', 'not_refundable']),
            starts_at: apiTimeAnswer.nullable(),
            ends_at: apiTimeAnswer.nullable(),
          }),
        ),
      }),
    ),
    refunds_under_way: z.array(
      z.strictObject({
        order_id: z.int(),
        order_number: z.string(),
        title: z.string(),
        amount: won,
        refunded_at: apiTimeAnswer,
        payment_method: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DeletionPreview' });

export type DeletionPreviewAnswer = Conforms<ReturnType<typeof deletionPreviewResource>, z.infer<typeof deletionPreviewAnswer>>;
