import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { destroyUserSessions } from '../sessions/service.ts';
import { hashPassword } from './password.ts';

export const RESET_LINK_MINUTES = 60;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for the member; an earlier link stops working. */
export async function issuePasswordResetToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hash(token), createdAt: now })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash: hash(token), createdAt: now } });
  return token;
}

export async function findMemberByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.deletedAt} is null`)
    .limit(1);
  return user ?? null;
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
