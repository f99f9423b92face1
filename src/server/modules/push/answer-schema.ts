import { z } from 'zod';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { notificationSettingsResource } from './resource.ts';

export const pushPublicKeyAnswer = z.strictObject({ public_key: z.string() }).meta({ id: 'PushPublicKey' });

/** The subscription as stored: the endpoint names it (the keys are the browser's and are not sent back). */
export const pushSubscriptionAnswer = z.strictObject({ endpoint: z.string() }).meta({ id: 'PushSubscription' });

export const notificationSettingsAnswer = z
  .strictObject({
    push: z.boolean(),
    email_digest: z.boolean(),
    muted_ritual_session_ids: z.array(z.int()),
  })
  .meta({ id: 'NotificationSettings' });

export type NotificationSettingsAnswer = Conforms<ReturnType<typeof notificationSettingsResource>, z.infer<typeof notificationSettingsAnswer>>;
