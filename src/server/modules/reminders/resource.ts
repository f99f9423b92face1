import type { ReminderItem } from '../../../lib/reminders.ts';
import type { ReminderView } from './service.ts';

export const reminderResource = (view: ReminderView): ReminderItem => ({
  ritual_session_id: view.ritualSessionId,
  title: view.title,
  enabled: view.enabled,
  time: view.time,
  channels: view.channels,
});
