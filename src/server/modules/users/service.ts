import { and, isNull, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES as M } from '../../../lib/account-rules.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { invalidInput } from '../../domain-errors.ts';
import { hashPassword } from '../auth/password.ts';

// A deleted account keeps its row for the records commerce law asks for, but its e-mail is
// erased at deletion, so the unique indexes below only ever see live or anonymised values.
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row !== undefined;
}

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** Nicknames are unique among live members, any case; a deleted member's name is free again. */
export async function isNicknameTaken(db: Db, nickname: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.nickname}) = lower(${nickname})`,
        isNull(users.deletedAt),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The names a member asked for that others already use, as the 422 the forms show. */
export async function assertNamesFree(
  db: Db,
  names: { email?: string | undefined; username?: string | undefined; nickname?: string | undefined },
  exceptUserId?: number,
): Promise<void> {
  const problems: Record<string, string[]> = {};
  if (names.email !== undefined && (await isEmailTaken(db, names.email))) problems['email'] = [M.emailTaken];
  if (names.username !== undefined && (await isUsernameTaken(db, names.username, exceptUserId))) problems['username'] = [M.usernameTaken];
  if (names.nickname !== undefined && (await isNicknameTaken(db, names.nickname, exceptUserId))) problems['nickname'] = [M.nicknameTaken];
  if (Object.keys(problems).length > 0) throw invalidInput(problems);
}

export interface NewMember {
  email: string;
  password: string;
  nickname: string;
  username: string;
  agreeMarketing: boolean;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Two members racing for the same name: the unique index decides, and the loser hears why.
 * Rethrows anything that is not such a race.
 */
export function rethrowNameConflict(error: unknown): never {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  if (cause?.code !== UNIQUE_VIOLATION) throw error;
  const constraint = cause.constraint ?? '';
  if (constraint.includes('email')) throw invalidInput({ email: [M.emailTaken] });
  if (constraint.includes('nickname')) throw invalidInput({ nickname: [M.nicknameTaken] });
  if (constraint.includes('username')) throw invalidInput({ username: [M.usernameTaken] });
  throw error;
}

/** Creates a member who agreed to the terms; the e-mail is verified later by its link. */
export async function registerMember(db: Db, input: NewMember): Promise<User> {
  await assertNamesFree(db, input);
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
    rethrowNameConflict(error);
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
