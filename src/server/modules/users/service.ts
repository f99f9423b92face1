import { and, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES as M } from '../../../lib/account-rules.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { validationError } from '../../http/errors.ts';
import { hashPassword } from '../auth/password.ts';

// A deleted account keeps its row for the records commerce law asks for, but its e-mail is
// erased at deletion, so the unique indexes below only ever see live or anonymised values.
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row !== undefined;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

export interface NewMember {
  email: string;
  password: string;
  nickname: string;
  username: string;
  agreeMarketing: boolean;
}

const UNIQUE_VIOLATION = '23505';

function uniqueViolation(error: unknown): string | null {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === UNIQUE_VIOLATION ? (cause.constraint ?? '') : null;
}

/** Creates a member who agreed to the terms; the e-mail is verified later by its link. */
export async function registerMember(db: Db, input: NewMember): Promise<User> {
  const problems: Record<string, string[]> = {};
  if (await isEmailTaken(db, input.email)) problems['email'] = [M.emailTaken];
  if (await isUsernameTaken(db, input.username)) problems['username'] = [M.usernameTaken];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const now = new Date();
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        nickname: input.nickname,
        username: input.username,
        agreedTermsAt: now,
        agreedPrivacyAt: now,
        agreedMarketingAt: input.agreeMarketing ? now : null,
      })
      .returning();
    return user!;
  } catch (error) {
    // Two sign-ups racing for the same name: the index decides, and the loser hears why.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw validationError(constraint.includes('email') ? { email: [M.emailTaken] } : { username: [M.usernameTaken] });
  }
}

export async function findLiveUser(db: Db, id: number): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`${users.id} = ${id}`, isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** A live member by username, any case; null for an unknown or deleted one. */
export async function findLiveUserByUsername(db: Db, username: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** Any member by id, deleted ones included: their posts still need an author to show. */
export async function findUser(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(sql`${users.id} = ${id}`).limit(1);
  return user ?? null;
}
