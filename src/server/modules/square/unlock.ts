import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { squarePostCategories, squarePosts, squareUnlocks } from '../../db/schema/index.ts';
import { verifyPassword } from '../auth/password.ts';

export type UnlockKind = 'category' | 'post';

/** `open`: it has no password, so there is nothing to keep. */
export type PasswordCheck = 'right' | 'open' | 'wrong' | 'missing';

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

export async function checkUnlockPassword(db: Db, kind: UnlockKind, targetId: number, password: string): Promise<PasswordCheck> {
  const hash = await passwordHashOf(db, kind, targetId);
  if (hash === undefined) return 'missing';
  if (hash === null) return 'open';
  return (await verifyPassword(hash, password)) ? 'right' : 'wrong';
}

/** Keeps an unlock for this browser session, until it ends. */
export async function keepUnlock(db: Db, sessionId: string, kind: UnlockKind, targetId: number): Promise<void> {
  await db.insert(squareUnlocks).values({ sessionId, kind, targetId }).onConflictDoNothing();
}
