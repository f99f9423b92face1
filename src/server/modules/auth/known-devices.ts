import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knownDevices, users } from '../../db/schema/index.ts';

/** How long a browser stays known after its last sign-in to an account. */
export const KNOWN_DEVICE_DAYS = 365;

export const newDeviceToken = (): string => randomBytes(32).toString('base64url');

export const deviceTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const cutoff = (now: Date) => new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000);

export interface LiveDevice {
  tokenHash: string;
  userId: number;
  email: string;
}

/** Which of these token hashes still mark a device, and for whom: one look-up by the unique index. */
export async function findLiveDevices(db: Db, tokenHashes: string[], now = new Date()): Promise<LiveDevice[]> {
  if (tokenHashes.length === 0) return [];
  return db
    .select({ tokenHash: knownDevices.tokenHash, userId: knownDevices.userId, email: users.email })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(inArray(knownDevices.tokenHash, tokenHashes), gt(knownDevices.lastUsedAt, cutoff(now))));
}

/**
 * Marks the browser for the member with a new token's hash. A browser already known to the member
 * keeps its row under the new hash, so a copy of its old cookie stops counting. The tokens the
 * browser drops from its cookie are deleted, and so are the member's devices unused for a year,
 * which nothing else would ever delete.
 */
export async function rememberDeviceOf(
  db: Db,
  device: { userId: number; tokenHash: string; previousHash: string | null; dropped: string[] },
  now = new Date(),
): Promise<void> {
  const { userId, tokenHash, previousHash, dropped } = device;
  await db.transaction(async (tx) => {
    const stale = and(eq(knownDevices.userId, userId), lte(knownDevices.lastUsedAt, cutoff(now)));
    await tx.delete(knownDevices).where(dropped.length > 0 ? or(inArray(knownDevices.tokenHash, dropped), stale) : stale);
    const rotated = previousHash
      ? await tx
          .update(knownDevices)
          .set({ tokenHash, lastUsedAt: now })
          .where(and(eq(knownDevices.tokenHash, previousHash), eq(knownDevices.userId, userId)))
          .returning({ id: knownDevices.id })
      : [];
    if (rotated.length === 0) await tx.insert(knownDevices).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
  });
}

/** No browser stays known to the member: after a new password, a copied cookie is worth nothing. */
export async function forgetDevicesOf(db: Db, userId: number): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}
