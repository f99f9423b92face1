import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { destroyUserSessions } from '../sessions/service.ts';
import { passwordResetMail } from './mails.ts';
import { hashPassword } from './password.ts';

const RESET_LINK_MINUTES = 60;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for the member; an earlier link stops working. */
async function issuePasswordResetToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hash(token), createdAt: now })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash: hash(token), createdAt: now } });
  return token;
}

async function findMemberByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.deletedAt} is null`)
    .limit(1);
  return user ?? null;
}

/** Mails a new reset link when the address is a member's; does nothing for any other address. */
export async function sendPasswordResetLink(db: Db, mailer: Mailer, appUrl: string, email: string): Promise<void> {
  const user = await findMemberByEmail(db, email);
  if (!user) return;
  const token = await issuePasswordResetToken(db, user.id);
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', user.email);
  await mailer.send(passwordResetMail(user.email, user.nickname, url.toString(), RESET_LINK_MINUTES));
}

/**
 * Sets the new password when the token belongs to this e-mail and is under an hour old, in one
 * transaction: the token is used up and every session of the member ends.
 */
export async function resetPassword(
  db: Db,
  input: { email: string; token: string; password: string },
  now = new Date(),
): Promise<User | null> {
  const user = await findMemberByEmail(db, input.email);
  if (!user) return null;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [row] = await txDb.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).for('update');
    if (!row) return null;
    const fresh = now.getTime() - row.createdAt.getTime() <= RESET_LINK_MINUTES * 60_000;
    const matches = timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash(input.token)));
    if (!fresh || !matches) return null;
    await txDb.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await txDb.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await destroyUserSessions(txDb, user.id);
    return user;
  });
}
