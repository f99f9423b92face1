import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { SmsUnavailableError } from '../../adapters/sms/index.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { phoneVerifications } from '../../db/schema/phone-verifications.ts';
import type { PhoneVerification } from '../../db/schema/phone-verifications.ts';
import { serviceUnavailable, tooManyRequests } from '../../http/errors.ts';
import { invalidInput } from '../../domain-errors.ts';
import { CODE_LENGTH, MAX_ATTEMPTS, PHONE_MESSAGES as M } from './schema.ts';

export const CODE_TTL_SECONDS = 180;
export const RESEND_AFTER_SECONDS = 60;
/** How long a verified code may wait for the member to save the number. */
export const CONFIRM_WITHIN_MINUTES = 10;
// Old rows of a member are swept at each send, so the table holds about a day of codes.
const KEEP_ROWS_HOURS = 24;

// The member's id salts the hash: the same code sent to two members never hashes alike.
const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');
const newCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** The member's live code: only the newest one counts, an earlier one stops working. */
async function latestFor(db: Db, userId: number): Promise<PhoneVerification | null> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Sends a new code to the number, at most once a minute per member (429 otherwise). The member's
 * row is locked while the last send is checked, so two quick requests cannot both pass.
 */
export async function sendCode(
  db: Db,
  sms: SmsSender,
  userId: number,
  phone: string,
  countryCode: string,
  now = new Date(),
): Promise<{ expiresAt: Date }> {
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
  const sent = await db.transaction(async (tx): Promise<{ id: number } | { waitSeconds: number }> => {
    const txDb = asDb(tx);
    await txDb.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const last = await latestFor(txDb, userId);
    const waitMs = last ? last.sentAt.getTime() + RESEND_AFTER_SECONDS * 1000 - now.getTime() : 0;
    if (waitMs > 0) return { waitSeconds: Math.ceil(waitMs / 1000) };
    await txDb
      .delete(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          lt(phoneVerifications.createdAt, new Date(now.getTime() - KEEP_ROWS_HOURS * 3_600_000)),
        ),
      );
    const [row] = await txDb
      .insert(phoneVerifications)
      .values({ userId, phone, countryCode, codeHash: hashCode(userId, code), sentAt: now, expiresAt, createdAt: now })
      .returning({ id: phoneVerifications.id });
    return { id: row!.id };
  });
  if ('waitSeconds' in sent) throw tooManyRequests(sent.waitSeconds);
  try {
    await sms.sendCode({ phone, countryCode, code });
  } catch (error) {
    // A code that never left must not hold the member back for a minute.
    await db.delete(phoneVerifications).where(eq(phoneVerifications.id, sent.id));
    if (error instanceof SmsUnavailableError) throw serviceUnavailable(M.unavailable);
    throw error;
  }
  return { expiresAt };
}

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * Checks the code against the member's newest one for this number. A wrong code counts a try
 * (and the count is kept, so the error is thrown only after the transaction commits).
 */
export async function verifyCode(
  db: Db,
  userId: number,
  phone: string,
  countryCode: string,
  code: string,
  now = new Date(),
): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const txDb = asDb(tx);
    const row = await latestFor(txDb, userId);
    if (!row || row.phone !== phone || row.countryCode !== countryCode) return { ok: false, message: M.codeNotSent };
    if (row.attempts >= MAX_ATTEMPTS) return { ok: false, message: M.tooManyAttempts };
    if (now.getTime() > row.expiresAt.getTime()) return { ok: false, message: M.codeExpired };
    const attempts = row.attempts + 1;
    if (!sameHash(row.codeHash, hashCode(userId, code))) {
      await txDb.update(phoneVerifications).set({ attempts }).where(eq(phoneVerifications.id, row.id));
      return { ok: false, message: M.codeMismatch(attempts) };
    }
    await txDb.update(phoneVerifications).set({ attempts, verifiedAt: row.verifiedAt ?? now }).where(eq(phoneVerifications.id, row.id));
    return { ok: true };
  });
  if (!outcome.ok) throw invalidInput({ verification_code: [outcome.message] });
}

/**
 * Saves a number the member verified in the last ten minutes, and uses the verification up.
 * 422 on `phone` when there is none for exactly this number.
 */
export async function confirmPhone(
  db: Db,
  userId: number,
  phone: string,
  countryCode: string,
  now = new Date(),
): Promise<User> {
  const user = await db.transaction(async (tx) => {
    const txDb = asDb(tx);
    const [verified] = await txDb
      .select({ id: phoneVerifications.id })
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          eq(phoneVerifications.phone, phone),
          eq(phoneVerifications.countryCode, countryCode),
          gte(phoneVerifications.verifiedAt, new Date(now.getTime() - CONFIRM_WITHIN_MINUTES * 60_000)),
        ),
      )
      .limit(1)
      .for('update');
    if (!verified) return null;
    await txDb.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    const [updated] = await txDb
      .update(users)
      .set({ phone, countryCode, phoneVerifiedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return updated ?? null;
  });
  if (!user) throw invalidInput({ phone: [M.notVerified] });
  return user;
}
