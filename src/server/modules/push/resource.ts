import type { NotificationSettingsData } from '../../../lib/reminders.ts';
import type { NotificationSettingsView } from './service.ts';

export const notificationSettingsResource = (view: NotificationSettingsView): NotificationSettingsData => ({
  push: view.push,
  email_digest: view.emailDigest,
  muted_ritual_session_ids: view.mutedRitualSessionIds,
});
