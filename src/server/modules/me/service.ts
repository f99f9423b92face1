import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { accountDeletions, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { refundLivePurchases, releaseShoppingOf } from '../orders/account-deletion.ts';
import { refundsUnderWayOf } from '../orders/live-purchases.ts';
import type { LivePurchases } from '../orders/live-purchases.ts';
import { forgetDevicesOf } from '../auth/known-devices.ts';
import { destroyUserSessions } from '../sessions/service.ts';
import { unlinkSocialAccounts } from '../social/service.ts';
import { assertNamesFree, rethrowNameConflict } from '../users/service.ts';
import { storeProfileImage } from './profile-image.ts';

export interface ProfileChanges {
  nickname?: string | undefined;
  username?: string | undefined;
  introduction?: string | undefined;
  image?: File | undefined;
}

export async function updateProfile(db: Db, storage: FileStorage, user: User, changes: ProfileChanges): Promise<User> {
  await assertNamesFree(db, { username: changes.username, nickname: changes.nickname }, user.id);
  const profileImage = changes.image ? await storeProfileImage(storage, user.id, changes.image) : undefined;
  const values: Partial<User> = {
    ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
    ...(changes.username !== undefined ? { username: changes.username } : {}),
    ...(changes.introduction !== undefined ? { introduction: changes.introduction || null } : {}),
    ...(profileImage ? { profileImage } : {}),
  };
  if (Object.keys(values).length === 0) return user;
  const [updated] = await db
    .update(users)
    .set(values)
    .where(eq(users.id, user.id))
    .returning()
    .catch(rethrowNameConflict);
  // The old picture goes once the new one is in place, never before.
  const oldKey = profileImage && user.profileImage ? storage.keyOf(user.profileImage) : null;
  if (oldKey) await storage.delete(oldKey);
  return updated!;
}

// No 0/O or 1/I/L: an invite code is read aloud and typed from a screen.
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export async function inviteCodeOf(db: Db, user: User): Promise<string> {
  if (user.inviteCode) return user.inviteCode;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
    const [row] = await db
      .update(users)
      .set({ inviteCode: sql`coalesce(${users.inviteCode}, ${code})` })
      .where(eq(users.id, user.id))
      .returning({ inviteCode: users.inviteCode })
      .catch(() => [undefined]);
    if (row?.inviteCode) return row.inviteCode;
  }
  throw new Error('could not find a free invite code');
}

/**
 * Deletes an account. First what is still live is settled by the orders' rules: paid orders not
 * shipped and seats of sessions not started are cancelled and refunded (a failure stops here, the
 * account untouched). Then the reason is kept; e-mail, names, picture, phone and password are
 * erased at once. The row itself stays, anonymised, because order and payment records that
 * commerce law keeps for five years point at it (releaseShoppingOf says what of them stays).
 * Answers what was live, for the farewell mail.
 */
export async function deleteAccount(db: Db, deps: { storage: FileStorage; payments: PaymentGateway }, user: User, reason: string, now = new Date()): Promise<LivePurchases> {
  // Read before the refunds below, which are told apart in the mail.
  const refundsUnderWay = await refundsUnderWayOf(db, user.id, now);
  const orders = await refundLivePurchases(db, deps.payments, user, now);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.insert(accountDeletions).values({ userId: user.id, reason, createdAt: now });
    await txDb
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        nickname: '탈퇴한 회원',
        username: `deleted_${user.id}`,
        passwordHash: null,
        profileImage: null,
        introduction: null,
        phone: null,
        countryCode: null,
        phoneVerifiedAt: null,
        inviteCode: null,
        agreedMarketingAt: null,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    await destroyUserSessions(txDb, user.id);
    await forgetDevicesOf(txDb, user.id);
    await unlinkSocialAccounts(txDb, user.id);
    await releaseShoppingOf(txDb, user.id, now);
  });
  const key = user.profileImage ? deps.storage.keyOf(user.profileImage) : null;
  if (key) await deps.storage.delete(key);
  return { orders, refundsUnderWay };
}
