import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { NotificationSettingsData, ReminderItem } from '../../lib/reminders.ts';
import { $reminders, startNotificationSettings } from '../../stores/notification-settings.ts';
import { PushNotice, ReminderRow } from '../notification-settings/NotificationSettings.tsx';
import '../notification-settings/notification-settings.css';

interface Props {
  settings: NotificationSettingsData;
  /** The running sessions' reminders, as /today lists them. */
  reminders: ReminderItem[];
  phoneVerified: boolean;
}

/** Each running session's reminder, set where the day's check-in is; the rest of 알림 설정 is on 마이페이지. */
export function TodayReminders({ settings, reminders: initial, phoneVerified }: Props) {
  useEffect(() => startNotificationSettings(settings, initial), [settings, initial]);
  const reminders = useStore($reminders);
  const shown = reminders.length > 0 ? reminders : initial;
  return (
    <div className="notification-settings">
      <PushNotice />
      <ul className="notification-settings__list">
        {shown.map((reminder) => (
          <ReminderRow key={reminder.ritual_session_id} reminder={reminder} phoneVerified={phoneVerified} />
        ))}
      </ul>
    </div>
  );
}
