import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { squarePostCategories, squarePosts, squareUnlocks } from '../../db/schema/index.ts';
import { verifyPassword } from '../auth/password.ts';

export type UnlockKind = 'category' | 'post';

export type UnlockResult = 'unlocked' | 'wrong' | 'missing';

/** The password hash of a category or post; undefined when it does not exist, null when it has none. */
async function passwordHashOf(db: Db, kind: UnlockKind, targetId: number): Promise<string | null | undefined> {
  if (kind === 'category') {
    const [row] = await db
      .select({ hash: squarePostCategories.passwordHash })
      .from(squarePostCategories)
      .where(eq(squarePostCategories.id, targetId));
    return row?.hash;
  }
  const [row] = await db.select({ hash: squarePosts.passwordHash }).from(squarePosts).where(eq(squarePosts.id, targetId));
  return row?.hash;
}

export async function unlockTargetExists(db: Db, kind: UnlockKind, targetId: number): Promise<boolean> {
  return (await passwordHashOf(db, kind, targetId)) !== undefined;
}

/**
 * Checks the password and, when right, keeps the unlock for this browser session (until it ends).
 * Something without a password is open to everyone, so it answers unlocked.
 */
export async function unlockWithPassword(db: Db, sessionId: string, kind: UnlockKind, targetId: number, password: string): Promise<UnlockResult> {
  const hash = await passwordHashOf(db, kind, targetId);
  if (hash === undefined) return 'missing';
  if (hash === null) return 'unlocked';
  if (!(await verifyPassword(hash, password))) return 'wrong';
  await db.insert(squareUnlocks).values({ sessionId, kind, targetId }).onConflictDoNothing();
  return 'unlocked';
}
