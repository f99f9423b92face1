import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';

/** The page (GET) and the one-click address (POST, RFC 8058) are the same URL. */
export const UNSUBSCRIBE_PATH = '/weekly-letter/unsubscribe';

// Its own key from the app key, so that a token made for this can sign nothing else.
const keyOf = (appKey: string): Buffer => createHmac('sha256', appKey).update('weekly-letter-unsubscribe').digest();
const mac = (appKey: string, userId: number): string => createHmac('sha256', keyOf(appKey)).update(String(userId)).digest('base64url');

const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/**
 * `<member id>.<HMAC of it>`: the link in every letter, with no row behind it and no expiry, since
 * a letter read months later must still let its reader stop the next one.
 */
export const unsubscribeToken = (appKey: string, userId: number): string => `${userId}.${mac(appKey, userId)}`;

export const unsubscribeUrl = (appUrl: string, appKey: string, userId: number): string => {
  const url = new URL(UNSUBSCRIBE_PATH, appUrl);
  url.searchParams.set('token', unsubscribeToken(appKey, userId));
  return url.toString();
};

/** The member a token was made for, or null for anything this app did not sign. */
export function memberOfToken(appKey: string, token: string | null | undefined): number | null {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(mac(appKey, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** Whether the member still gets the letter (no settings row: the default, off). */
export async function receivesWeeklyLetter(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: notificationSettings.emailDigest })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? false;
}

/**
 * Turns the letter off and leaves the member's other choices as they were. A token of a member
 * whose row is gone (erased) changes nothing.
 */
export async function stopWeeklyLetter(db: Db, userId: number): Promise<void> {
  await db.execute(sql`insert into notification_settings (user_id, email_digest)
    select id, false from users where id = ${userId}
    on conflict (user_id) do update set email_digest = false, updated_at = now()`);
}
