/**
 * Reminders and push as the browser and the server both read them (API-CONVENTIONS.md,
 * "Reminders and push"): the channels, the hours a reminder may be set to, and the answers' shapes.
 * Pure, so the settings island, the server and the tests share one rule.
 */

export const REMINDER_CHANNELS = ['push', 'email', 'kakao'] as const;
export type ReminderChannelName = (typeof REMINDER_CHANNELS)[number];

export const REMINDER_CHANNEL_LABELS: Record<ReminderChannelName, string> = {
  push: '앱 푸시',
  email: '이메일',
  kakao: '카카오톡 알림톡',
};

/** The earliest and latest time of day (Seoul, HH:MM) a reminder may be set to. */
export const REMINDER_EARLIEST = '05:00';
export const REMINDER_LATEST = '23:00';

/** What a member gets with no choice of their own: on, at eight, by push only. */
export const DEFAULT_REMINDER = { enabled: true, time: '08:00', channels: ['push'] as ReminderChannelName[] };

/** `HH:MM` on a 24-hour clock within the allowed hours; text comparison orders such times. */
export const isReminderTime = (value: string): boolean =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(value) && value >= REMINDER_EARLIEST && value <= REMINDER_LATEST;

/** The push of a reminder: its title, and where a tap leads. */
export const REMINDER_PUSH_TITLE = '오늘의 리추얼';
export const TODAY_PATH = '/today';

export interface ReminderItem {
  ritual_session_id: number;
  title: string;
  enabled: boolean;
  time: string;
  channels: ReminderChannelName[];
}

export interface NotificationSettingsData {
  push: boolean;
  email_digest: boolean;
  muted_ritual_session_ids: number[];
}

/** What a push carries to the service worker (and the outbox keeps). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
