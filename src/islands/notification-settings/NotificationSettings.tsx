import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { IOS_INSTALL_STEPS, IOS_INSTALL_TITLE, PUSH_DENIED_TEXT, PUSH_UNSUPPORTED_TEXT } from '../../lib/push-support.ts';
import { REMINDER_CHANNELS, REMINDER_CHANNEL_LABELS, REMINDER_EARLIEST, REMINDER_LATEST, isReminderTime } from '../../lib/reminders.ts';
import type { NotificationSettingsData, ReminderChannelName, ReminderItem } from '../../lib/reminders.ts';
import {
  $failure,
  $notificationSettings,
  $pushPermission,
  $pushSupport,
  $reminders,
  $saving,
  changeReminder,
  setEmailDigest,
  setPush,
  setRoomMuted,
  startNotificationSettings,
} from '../../stores/notification-settings.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import './notification-settings.css';

interface NotificationSettingsProps {
  settings: NotificationSettingsData;
  reminders: ReminderItem[];
  /** Whether the member's phone is verified: 알림톡 goes only to a verified number. */
  phoneVerified: boolean;
}

function Failure({ name }: { name: string }) {
  const failure = useStore($failure);
  if (failure?.key !== name) return null;
  return (
    <p className="notification-settings__error" role="alert">
      {failureMessage(failure.error)}
    </p>
  );
}

/** Why push cannot be turned on here, in the member's words; nothing when it can. */
export function PushNotice() {
  const support = useStore($pushSupport);
  const permission = useStore($pushPermission);
  if (support === 'ios-install') {
    return (
      <div className="notification-settings__notice" role="note">
        <p className="notification-settings__notice-title">{IOS_INSTALL_TITLE}</p>
        <ol>
          {IOS_INSTALL_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    );
  }
  if (support === 'unsupported') return <p className="notification-settings__notice">{PUSH_UNSUPPORTED_TEXT}</p>;
  if (permission === 'denied') return <p className="notification-settings__notice">{PUSH_DENIED_TEXT}</p>;
  return null;
}

/** One session's reminder: on or off, its time, its channels; /today shows the same rows. */
export function ReminderRow({ reminder, phoneVerified }: { reminder: ReminderItem; phoneVerified: boolean }) {
  const id = useId();
  const saving = useStore($saving)[`reminder-${reminder.ritual_session_id}`] === true;
  const support = useStore($pushSupport);
  const toggleChannel = (channel: ReminderChannelName, on: boolean) => {
    const channels = on ? [...reminder.channels, channel] : reminder.channels.filter((item) => item !== channel);
    void changeReminder(reminder.ritual_session_id, { channels });
  };
  return (
    <li className="notification-settings__reminder">
      <fieldset disabled={saving} aria-busy={saving}>
        <legend>{reminder.title}</legend>
        <label className="notification-settings__switch">
          <input
            type="checkbox"
            checked={reminder.enabled}
            onChange={(event) => void changeReminder(reminder.ritual_session_id, { enabled: event.currentTarget.checked })}
          />
          리마인더 받기
        </label>
        <label htmlFor={`${id}-time`}>알림 시간</label>
        <input
          id={`${id}-time`}
          type="time"
          min={REMINDER_EARLIEST}
          max={REMINDER_LATEST}
          step={60}
          defaultValue={reminder.time}
          disabled={!reminder.enabled}
          onBlur={(event) => {
            const time = event.currentTarget.value;
            if (time !== reminder.time && isReminderTime(time)) void changeReminder(reminder.ritual_session_id, { time });
          }}
          aria-describedby={`${id}-time-hint`}
        />
        <p id={`${id}-time-hint`} className="notification-settings__hint">
          {REMINDER_EARLIEST}부터 {REMINDER_LATEST} 사이로 정할 수 있어요.
        </p>
        <div role="group" aria-label="알림 방법" className="notification-settings__channels">
          {REMINDER_CHANNELS.map((channel) => {
            const unavailable = (channel === 'push' && support !== 'supported' && !reminder.channels.includes('push')) || (channel === 'kakao' && !phoneVerified);
            return (
              <label key={channel}>
                <input
                  type="checkbox"
                  checked={reminder.channels.includes(channel)}
                  disabled={!reminder.enabled || unavailable}
                  onChange={(event) => toggleChannel(channel, event.currentTarget.checked)}
                />
                {REMINDER_CHANNEL_LABELS[channel]}
              </label>
            );
          })}
        </div>
        {!phoneVerified && (
          <p className="notification-settings__hint">
            카카오톡 알림톡은 <a href="/mypage/phone">휴대폰 인증</a> 후에 받을 수 있어요.
          </p>
        )}
        <Failure name={`reminder-${reminder.ritual_session_id}`} />
      </fieldset>
    </li>
  );
}

/** /mypage/notifications: push for what happens, muted rooms, and each session's reminder. */
export function NotificationSettings({ settings, reminders: initialReminders, phoneVerified }: NotificationSettingsProps) {
  useEffect(() => startNotificationSettings(settings, initialReminders), [settings, initialReminders]);
  const current = useStore($notificationSettings);
  const reminders = useStore($reminders);
  const saving = useStore($saving);
  const support = useStore($pushSupport);
  return (
    <div className="notification-settings">
      <PushNotice />
      <section aria-labelledby="notification-settings-activity">
        <h2 id="notification-settings-activity">활동 알림</h2>
        <label className="notification-settings__switch">
          <input
            type="checkbox"
            checked={current.push}
            disabled={saving['push'] === true || (support !== 'supported' && !current.push)}
            onChange={(event) => void setPush(event.currentTarget.checked)}
          />
          댓글·반응·멘션·쿠폰·문의 답변을 푸시로 받기
        </label>
        <Failure name="push" />
        <label className="notification-settings__switch">
          <input type="checkbox" checked={current.email_digest} disabled={saving['email_digest'] === true} onChange={(event) => void setEmailDigest(event.currentTarget.checked)} />
          주간 레터 메일 받기 (매주 월요일 아침, 지난주 리추얼 방 소식)
        </label>
        <Failure name="email_digest" />
      </section>

      <section aria-labelledby="notification-settings-reminders">
        <h2 id="notification-settings-reminders">리추얼 리마인더</h2>
        {reminders.length === 0 ? (
          <p className="notification-settings__hint">참여 중이거나 곧 시작하는 리추얼이 없어요.</p>
        ) : (
          <ul className="notification-settings__list">
            {reminders.map((reminder) => (
              <ReminderRow key={reminder.ritual_session_id} reminder={reminder} phoneVerified={phoneVerified} />
            ))}
          </ul>
        )}
      </section>

      {reminders.length > 0 && (
        <section aria-labelledby="notification-settings-muted">
          <h2 id="notification-settings-muted">리추얼 방 알림</h2>
          <p className="notification-settings__hint">끈 방의 댓글·멘션은 푸시로 보내지 않아요. 알림함에는 그대로 남아요.</p>
          <ul className="notification-settings__list">
            {reminders.map((room) => {
              const muted = current.muted_ritual_session_ids.includes(room.ritual_session_id);
              return (
                <li key={room.ritual_session_id}>
                  <label className="notification-settings__switch">
                    <input
                      type="checkbox"
                      checked={!muted}
                      disabled={saving[`muted-${room.ritual_session_id}`] === true}
                      onChange={(event) => void setRoomMuted(room.ritual_session_id, !event.currentTarget.checked)}
                    />
                    {room.title}
                  </label>
                  <Failure name={`muted-${room.ritual_session_id}`} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
