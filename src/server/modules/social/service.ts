import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { NICKNAME_MAX, NICKNAME_MIN, NICKNAME_PATTERN, isReservedNickname } from '../../../lib/account-rules.ts';
import type { Db } from '../../db/client.ts';
import { socialAccounts, users } from '../../db/schema/index.ts';
import type { SocialProvider, User } from '../../db/schema/index.ts';
import { isNicknameTaken } from '../users/service.ts';
import type { SocialProfile } from './profile.ts';

const suffix = () => randomBytes(4).toString('hex');

/**
 * The nickname offered on /register/sns: the provider's if it is valid and free, else the same
 * with four digits, else a placeholder. It only has to be valid and free; the member may change it.
 */
async function proposedNickname(db: Db, nickname: string | null): Promise<string> {
  const cleaned = (nickname ?? '').replace(/[^가-힣a-zA-Z0-9]/g, '');
  if (cleaned.length >= NICKNAME_MIN && NICKNAME_PATTERN.test(cleaned) && !isReservedNickname(cleaned)) {
    const base = cleaned.slice(0, NICKNAME_MAX);
    if (!(await isNicknameTaken(db, base))) return base;
    const numbered = `${cleaned.slice(0, NICKNAME_MAX - 4)}${randomInt(1000, 10000)}`;
    if (!(await isNicknameTaken(db, numbered))) return numbered;
  }
  return `회원${suffix().slice(0, 6)}`;
}

/**
 * The member behind a provider's account: the one linked before, else the member whose address
 * the provider has confirmed, else a new member, who then picks names and agrees on /register/sns.
 */
export async function memberForSocialAccount(db: Db, provider: SocialProvider, profile: SocialProfile): Promise<User> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [linked] = await txDb
      .select({ user: users })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, profile.providerUserId)))
      .limit(1);
    if (linked && !linked.user.deletedAt) return linked.user;

    let [member] =
      profile.email && profile.emailVerified
        ? await txDb
            .select()
            .from(users)
            .where(and(sql`lower(${users.email}) = lower(${profile.email})`, isNull(users.deletedAt)))
            .limit(1)
        : [];
    if (!member) {
      const taken = profile.email
        ? await txDb.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${profile.email})`).limit(1)
        : [];
      // An unconfirmed or already used address is not taken over: the member gets a placeholder.
      const email = profile.email && taken.length === 0 ? profile.email : `${provider}-${profile.providerUserId}@social.invalid`;
      [member] = await txDb
        .insert(users)
        .values({
          email,
          nickname: await proposedNickname(txDb, profile.nickname),
          username: `${provider}_${suffix()}`,
          profileImage: profile.profileImage,
          // The provider has identified the person; the address is what the provider vouches for.
          emailVerifiedAt: new Date(),
        })
        .returning();
    }
    await txDb
      .insert(socialAccounts)
      .values({ userId: member!.id, provider, providerUserId: profile.providerUserId })
      .onConflictDoUpdate({
        target: [socialAccounts.provider, socialAccounts.providerUserId],
        set: { userId: member!.id },
      });
    return member!;
  });
}

export async function unlinkSocialAccounts(db: Db, userId: number): Promise<void> {
  await db.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
}
