import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { DEFAULT_REMINDER } from '../../../lib/reminders.ts';
import type { ReminderChannelName } from '../../../lib/reminders.ts';
import type { Db } from '../../db/client.ts';
import { ritualReminders, ritualSessionUsers, ritualSessions } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../domain-errors.ts';
import { REMINDER_MESSAGES } from './schema.ts';
import type { ReminderInput } from './schema.ts';

export interface ReminderView {
  ritualSessionId: number;
  title: string;
  enabled: boolean;
  time: string;
  channels: ReminderChannelName[];
}

const reminderColumns = {
  ritualSessionId: ritualSessions.id,
  title: ritualSessions.title,
  enabled: sql<boolean>`coalesce(${ritualReminders.enabled}, ${DEFAULT_REMINDER.enabled})`,
  time: sql<string>`coalesce(${ritualReminders.time}, ${DEFAULT_REMINDER.time})`,
  channels: ritualReminders.channels,
};

const viewOf = (row: { ritualSessionId: number; title: string; enabled: boolean; time: string; channels: ReminderChannelName[] | null }): ReminderView => ({
  ...row,
  channels: row.channels ?? [...DEFAULT_REMINDER.channels],
});

/**
 * The member's reminders for their running and upcoming sessions, the one that starts first on
 * top; a session without a row of its own shows the defaults (on, 08:00, push). One query down
 * the member's memberships (ritual_session_users_user_idx).
 */
export async function listReminders(db: Db, userId: number, now = new Date()): Promise<ReminderView[]> {
  const rows = await db
    .select(reminderColumns)
    .from(ritualSessionUsers)
    .innerJoin(ritualSessions, eq(ritualSessions.id, ritualSessionUsers.ritualSessionId))
    .leftJoin(ritualReminders, and(eq(ritualReminders.userId, ritualSessionUsers.userId), eq(ritualReminders.ritualSessionId, ritualSessionUsers.ritualSessionId)))
    .where(and(eq(ritualSessionUsers.userId, userId), gt(ritualSessions.endsAt, now)))
    .orderBy(asc(ritualSessions.startsAt), asc(ritualSessions.id));
  return rows.map(viewOf);
}

/** 404 for a session that is not there, 403 for one the member is not in (API-CONVENTIONS.md, "Rooms"). */
async function checkMembership(db: Db, userId: number, sessionId: number): Promise<void> {
  const [row] = await db
    .select({ member: sql<boolean>`${ritualSessionUsers.id} is not null` })
    .from(ritualSessions)
    .leftJoin(ritualSessionUsers, and(eq(ritualSessionUsers.ritualSessionId, ritualSessions.id), eq(ritualSessionUsers.userId, userId)))
    .where(eq(ritualSessions.id, sessionId));
  if (!row) throw notFound(REMINDER_MESSAGES.notFound);
  if (!row.member) throw forbidden(REMINDER_MESSAGES.notMember);
}

/** Changes what was sent of one reminder and keeps the rest (the defaults where there was no row). */
export async function updateReminder(db: Db, userId: number, sessionId: number, input: ReminderInput): Promise<ReminderView> {
  await checkMembership(db, userId, sessionId);
  const changes = {
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    ...(input.time === undefined ? {} : { time: input.time }),
    ...(input.channels === undefined ? {} : { channels: input.channels }),
  };
  await db
    .insert(ritualReminders)
    .values({ userId, ritualSessionId: sessionId, ...DEFAULT_REMINDER, ...changes })
    .onConflictDoUpdate({
      target: [ritualReminders.userId, ritualReminders.ritualSessionId],
      set: { ...changes, updatedAt: sql`now()` },
    });
  const [row] = await db
    .select(reminderColumns)
    .from(ritualSessions)
    .leftJoin(ritualReminders, and(eq(ritualReminders.ritualSessionId, ritualSessions.id), eq(ritualReminders.userId, userId)))
    .where(eq(ritualSessions.id, sessionId));
  if (!row) throw notFound(REMINDER_MESSAGES.notFound);
  return viewOf(row);
}
