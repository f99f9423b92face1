import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { destroyUserSessions } from '../sessions/service.ts';
import { forgetDevicesOf } from './known-devices.ts';
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

// Compared against when the e-mail has no live link, so that answer takes as long as a wrong token.
const NO_TOKEN_HASH = hash(randomBytes(32).toString('base64url'));

/**
 * Sets the new password when the token belongs to this e-mail and is under an hour old, in one
 * transaction: the token is used up, every session of the member ends and no browser stays known
 * to the account. Every refusal does the same work (one query, one comparison, one password
 * hash), so its timing tells no member apart.
 */
export async function resetPassword(
  db: Db,
  input: { email: string; token: string; password: string },
  now = new Date(),
): Promise<User | null> {
  const [found] = await db
    .select({ user: users, link: passwordResetTokens })
    .from(users)
    .leftJoin(passwordResetTokens, eq(passwordResetTokens.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${input.email}) and ${users.deletedAt} is null`)
    .limit(1);
  const tokenHash = hash(input.token);
  const matches = timingSafeEqual(Buffer.from(found?.link?.tokenHash ?? NO_TOKEN_HASH), Buffer.from(tokenHash));
  const fresh = !!found?.link && now.getTime() - found.link.createdAt.getTime() <= RESET_LINK_MINUTES * 60_000;
  // Hashed whatever the outcome: no refusal is quicker than another, nor than a good link.
  const passwordHash = await hashPassword(input.password);
  if (!found?.link || !matches || !fresh) return null;
  const { user } = found;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Of two requests with the same link, only the one that deletes it goes on.
    const used = await txDb
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, tokenHash)))
      .returning({ userId: passwordResetTokens.userId });
    if (used.length === 0) return null;
    await txDb.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await destroyUserSessions(txDb, user.id);
    await forgetDevicesOf(txDb, user.id);
    return user;
  });
}
