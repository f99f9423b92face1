import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mutedRitualSessions, notificationSettings, pushSubscriptions, ritualSessionUsers } from '../../db/schema/index.ts';
import { invalidInput } from '../../domain-errors.ts';
import { PUSH_MESSAGES } from './schema.ts';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Stores a browser's subscription. An endpoint is one browser profile: sent again it is updated
 * (new keys) and now belongs to whoever sent it, so after a change of account on that browser the
 * pushes follow the member who is signed in. `created` tells 201 from 200.
 */
export async function savePushSubscription(db: Db, userId: number, input: SubscriptionInput): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: sql`now()` },
    })
    // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: row?.created === true };
}

/** Forgets the member's own subscription at `endpoint`; another member's or an unknown one is left alone (still 204). */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

export interface NotificationSettingsView {
  push: boolean;
  emailDigest: boolean;
  mutedRitualSessionIds: number[];
}

/** The member's choices, the defaults (push on, no digest, nothing muted) where they made none. */
export async function readNotificationSettings(db: Db, userId: number): Promise<NotificationSettingsView> {
  const [settings] = await db
    .select({
      push: notificationSettings.push,
      emailDigest: notificationSettings.emailDigest,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const muted = await db
    .select({ id: mutedRitualSessions.ritualSessionId })
    .from(mutedRitualSessions)
    .where(eq(mutedRitualSessions.userId, userId))
    .orderBy(mutedRitualSessions.ritualSessionId);
  return { push: settings?.push ?? true, emailDigest: settings?.emailDigest ?? false, mutedRitualSessionIds: muted.map((row) => row.id) };
}

export interface NotificationSettingsInput {
  push?: boolean | undefined;
  email_digest?: boolean | undefined;
  muted_ritual_session_ids?: number[] | undefined;
}

/**
 * Changes what was sent and keeps the rest. The muted list, when sent, is the whole list, and
 * names only rooms the member belongs to (422 on the field otherwise, nothing changed).
 */
export async function updateNotificationSettings(db: Db, userId: number, input: NotificationSettingsInput): Promise<NotificationSettingsView> {
  await db.transaction(async (tx) => {
    const muted = input.muted_ritual_session_ids;
    if (muted !== undefined && muted.length > 0) {
      const mine = await tx
        .select({ id: ritualSessionUsers.ritualSessionId })
        .from(ritualSessionUsers)
        .where(and(eq(ritualSessionUsers.userId, userId), inArray(ritualSessionUsers.ritualSessionId, muted)));
      if (mine.length !== muted.length) throw invalidInput({ muted_ritual_session_ids: [PUSH_MESSAGES.mutedRoom] });
    }
    const changes = {
      ...(input.push === undefined ? {} : { push: input.push }),
      ...(input.email_digest === undefined ? {} : { emailDigest: input.email_digest }),
    };
    if (Object.keys(changes).length > 0) {
      await tx
        .insert(notificationSettings)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: sql`now()` } });
    }
    if (muted !== undefined) {
      await tx.delete(mutedRitualSessions).where(eq(mutedRitualSessions.userId, userId));
      if (muted.length > 0) await tx.insert(mutedRitualSessions).values(muted.map((ritualSessionId) => ({ userId, ritualSessionId })));
    }
  });
  return readNotificationSettings(db, userId);
}
