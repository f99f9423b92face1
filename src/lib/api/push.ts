import type { notificationSettingsInput, pushSubscriptionBody, pushUnsubscribeInput } from '../../server/modules/push/schema.ts';
import type { reminderInput } from '../../server/modules/reminders/schema.ts';
import type { NotificationSettingsData, ReminderItem } from '../reminders.ts';
import type { Answer, Body } from './body.ts';
import { clientFor } from './clients.ts';

export type PushSubscriptionBody = Body<typeof pushSubscriptionBody>;
export type NotificationSettingsChange = Body<typeof notificationSettingsInput>;
export type ReminderChange = Body<typeof reminderInput>;

/** The VAPID application server key a browser subscribes with (base64url). */
export async function fetchPushPublicKey(): Promise<string> {
  const { data } = await clientFor({ quiet: true }).get<Answer<{ public_key: string }>>('/api/push/public-key');
  return data.public_key;
}

/** Stores this browser's subscription for the signed-in member (a known endpoint moves to them). */
export const savePushSubscription = (subscription: PushSubscriptionBody): Promise<unknown> =>
  clientFor().post('/api/push-subscriptions', { ...subscription });

export const deletePushSubscription = (body: Body<typeof pushUnsubscribeInput>): Promise<unknown> =>
  clientFor().del('/api/push-subscriptions', { ...body });

export async function fetchNotificationSettings(): Promise<NotificationSettingsData> {
  const { data } = await clientFor().get<Answer<NotificationSettingsData>>('/api/me/notification-settings');
  return data;
}

export async function updateNotificationSettings(change: NotificationSettingsChange): Promise<NotificationSettingsData> {
  const { data } = await clientFor().put<Answer<NotificationSettingsData>>('/api/me/notification-settings', { ...change });
  return data;
}

export async function fetchReminders(): Promise<ReminderItem[]> {
  const { data } = await clientFor().get<Answer<ReminderItem[]>>('/api/me/reminders');
  return data;
}

export async function updateReminder(ritualSessionId: number, change: ReminderChange): Promise<ReminderItem> {
  const { data } = await clientFor().put<Answer<ReminderItem>>(`/api/me/reminders/${ritualSessionId}`, { ...change });
  return data;
}
