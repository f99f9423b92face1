import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import type { NewUser, User } from '../../src/server/db/schema/index.ts';

/** A verified member with unique e-mail and username; each test makes its own. */
export async function createMember(db: Db, overrides: Partial<NewUser> = {}): Promise<User> {
  const suffix = randomBytes(4).toString('hex');
  const now = new Date();
  const [member] = await db
    .insert(users)
    .values({
      email: `member-${suffix}@example.com`,
      nickname: `회원${suffix}`,
      username: `member_${suffix}`,
      emailVerifiedAt: now,
      agreedTermsAt: now,
      agreedPrivacyAt: now,
      ...overrides,
    })
    .returning();
  return member!;
}
