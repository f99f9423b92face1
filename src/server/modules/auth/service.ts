import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from './password.ts';

// Compared against when the e-mail is unknown, so both answers take the time of one hash check.
let decoyHash: Promise<string> | undefined;

/** The member with this e-mail and password, or null; never says which of the two was wrong. */
export async function findMemberByCredentials(db: Db, email: string, password: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verifyPassword(await decoyHash, password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}
