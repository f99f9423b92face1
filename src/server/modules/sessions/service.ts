import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { isSuspended } from '../users/suspension.ts';

export interface SessionPolicy {
  lifetimeMinutes: number;
  rememberDays: number;
}

export interface LoadedSession {
  id: string;
  userId: number | null;
  remember: boolean;
  data: Record<string, unknown>;
  expiresAt: Date;
  /** When it began: the moment its member signed in (a sign-in always starts a new session). */
  createdAt: Date;
}

export interface SessionWithUser {
  session: LoadedSession;
  user: User | null;
}

// A sliding session is pushed forward at most this often, so a busy member costs no write per request.
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

function expiryFor(remember: boolean, policy: SessionPolicy, now: Date): Date {
  const ms = remember ? policy.rememberDays * 86_400_000 : policy.lifetimeMinutes * 60_000;
  return new Date(now.getTime() + ms);
}

export interface NewSession {
  userId: number | null;
  remember?: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
  data?: Record<string, unknown>;
}

/** Creates a session and returns the cookie's token (only its hash is stored). */
export async function createSession(
  db: Db,
  input: NewSession,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ token: string; session: LoadedSession }> {
  const token = newToken();
  const remember = input.remember ?? false;
  const [row] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      remember,
      data: input.data ?? {},
      ipAddress: input.ipAddress ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      lastActivityAt: now,
      expiresAt: expiryFor(remember, policy, now),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('session insert returned no row');
  return { token, session: { id: row.id, userId: row.userId, remember, data: row.data, expiresAt: row.expiresAt, createdAt: row.createdAt } };
}

/** Pushes a sliding session's expiry forward, at most once every TOUCH_EVERY_MS. */
export async function keepAlive(
  db: Db,
  session: { id: string; remember: boolean; lastActivityAt: Date },
  policy: SessionPolicy,
  now: Date,
): Promise<void> {
  if (now.getTime() - session.lastActivityAt.getTime() <= TOUCH_EVERY_MS) return;
  await db
    .update(sessions)
    .set({ lastActivityAt: now, expiresAt: expiryFor(session.remember, policy, now) })
    .where(eq(sessions.id, session.id));
}

/**
 * Which session a cookie's token names, if it is still live: the condition and its values, for
 * every query that reads a session (this module's, the notification poll's).
 */
export const liveSessionCondition = () => and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')));
export const liveSessionValues = (token: string, now: Date) => ({ id: hashToken(token), now: now.toISOString() });

/** The session behind a cookie token, with its member; null when unknown or expired. */
// Every request of a signed-in browser reads its session.
const sessionQuery = preparedQuery((db) =>
  db
    .select({
      // What a request needs of its session; the address and browser it began with stay in the table.
      session: {
        id: sessions.id,
        userId: sessions.userId,
        remember: sessions.remember,
        data: sessions.data,
        lastActivityAt: sessions.lastActivityAt,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
      },
      user: users,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionCondition())
    .limit(1)
    .prepare('session_with_user'),
);

export async function loadSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionWithUser | null> {
  const [row] = await sessionQuery(db).execute(liveSessionValues(token, now));
  if (!row) return null;
  const { session } = row;
  await keepAlive(db, session, policy, now);
  // A suspended member's session, should one outlive the suspension's start, signs nobody in.
  const user = row.user && !row.user.deletedAt && !isSuspended(row.user, now) ? row.user : null;
  return {
    session: {
      id: session.id,
      userId: user ? session.userId : null,
      remember: session.remember,
      data: session.data,
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
    },
    user,
  };
}

/**
 * Replaces a session by a new one for `userId` (sign-in): the old token stops working at once,
 * so a token planted before sign-in (session fixation) is worth nothing after it.
 */
export async function rotateSession(
  db: Db,
  previousId: string | null,
  input: NewSession,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ token: string; session: LoadedSession }> {
  return db.transaction(async (tx) => {
    if (previousId) await tx.delete(sessions).where(eq(sessions.id, previousId));
    return createSession(tx as unknown as Db, input, policy, now);
  });
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Deletes at most `limit` expired sessions, oldest first, and says how many. Rows that another
 * instance's clean-up holds are skipped rather than waited for, so two clean-ups share the work.
 */
export async function pruneExpiredSessions(db: Db, limit: number, now = new Date()): Promise<number> {
  const claimed = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(sessions.expiresAt, now))
    .orderBy(sessions.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(sessions).where(inArray(sessions.id, claimed)).returning({ id: sessions.id });
  return deleted.length;
}

export async function countSessions(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sessions);
  return row?.count ?? 0;
}
