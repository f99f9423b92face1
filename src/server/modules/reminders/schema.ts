import { z } from 'zod';
import { REMINDER_CHANNELS, REMINDER_EARLIEST, REMINDER_LATEST, isReminderTime } from '../../../lib/reminders.ts';
import { flagField } from '../../http/flag-field.ts';

export const REMINDER_MESSAGES = {
  enabled: '켜짐 또는 꺼짐으로 보내 주세요.',
  time: `알림 시간은 ${REMINDER_EARLIEST}부터 ${REMINDER_LATEST} 사이로, 24시간제 HH:MM으로 정해 주세요.`,
  channels: '알림 방법은 앱 푸시(push), 이메일(email), 카카오톡(kakao) 중에서 골라 주세요.',
  notFound: '리추얼 방을 찾을 수 없어요.',
  notMember: '내가 참여한 리추얼 방의 알림만 정할 수 있어요.',
} as const;

const flag = flagField(REMINDER_MESSAGES.enabled);

/** `POST /api/me/reminders/{ritual_session_id}` (`_method` PUT): any of the three; what is absent stays. */
export const reminderInput = z.object({
  enabled: z
    .unknown()
    .transform((value, ctx): boolean => {
      const parsed = flag.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: REMINDER_MESSAGES.enabled });
      return z.NEVER;
    })
    .optional(),
  time: z
    .string({ error: REMINDER_MESSAGES.time })
    .trim()
    .refine(isReminderTime, REMINDER_MESSAGES.time)
    .optional(),
  // A form sends channels[] (one value arrives as text); an empty list turns every channel off.
  channels: z
    .preprocess(
      (value) => (value === '' ? [] : typeof value === 'string' ? [value] : value),
      z
        .array(z.enum(REMINDER_CHANNELS, { error: REMINDER_MESSAGES.channels }), { error: REMINDER_MESSAGES.channels })
        .max(REMINDER_CHANNELS.length * 2, REMINDER_MESSAGES.channels)
        // Kept in one order, so the stored list reads the same however it was sent.
        .transform((channels) => REMINDER_CHANNELS.filter((channel) => channels.includes(channel))),
    )
    .optional(),
});

export type ReminderInput = z.output<typeof reminderInput>;
