import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { LetterState } from '../../../lib/letters.ts';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { ritualSessionLetters } from '../../db/schema/index.ts';
import type { RitualSession, RitualSessionLetter, User } from '../../db/schema/index.ts';
import { forbidden } from '../../domain-errors.ts';
import { roomAccess } from '../rooms/access.ts';
import { letterState } from './resource.ts';
import { LETTER_MESSAGES } from './schema.ts';

export interface LetterView {
  letter: RitualSessionLetter;
  session: RitualSession;
  now: Date;
}

/** The member's letter in a room (null before they write one); a room's staff who are not in it have none. */
export async function findMyLetter(
  db: Db,
  user: Pick<User, 'id' | 'role'>,
  sessionId: number,
  now = new Date(),
): Promise<{
  session: RitualSession;
  letter: RitualSessionLetter | null;
  now: Date;
}> {
  const { session } = await roomAccess(db, user, sessionId);
  const [letter] = await db
    .select()
    .from(ritualSessionLetters)
    .where(and(eq(ritualSessionLetters.ritualSessionId, sessionId), eq(ritualSessionLetters.userId, user.id)));
  return { session, letter: letter ?? null, now };
}

/** Where the member's letter in a room stands, for the room home (the caller has checked access); null before one is written. */
// Asked by the room home on every visit: built once per database.
const letterStateQuery = preparedQuery((db) =>
  db
    .select({ deliveredAt: ritualSessionLetters.deliveredAt })
    .from(ritualSessionLetters)
    .where(and(eq(ritualSessionLetters.ritualSessionId, sql.placeholder('sessionId')), eq(ritualSessionLetters.userId, sql.placeholder('userId'))))
    .prepare('room_letter_state'),
);

export async function myLetterState(
  db: Db,
  userId: number,
  session: Pick<RitualSession, 'id' | 'endsAt'>,
  now = new Date(),
): Promise<LetterState | null> {
  const [letter] = await letterStateQuery(db).execute({ sessionId: session.id, userId });
  return letter ? letterState(letter, session, now) : null;
}

/**
 * Writes or rewrites the member's letter while the session runs. The end is checked again in the
 * statement itself, so an edit racing the delivery cannot change a letter already on its way.
 */
export async function writeLetter(
  db: Db,
  user: Pick<User, 'id' | 'role'>,
  sessionId: number,
  content: string,
  now = new Date(),
): Promise<{ view: LetterView; created: boolean }> {
  const access = await roomAccess(db, user, sessionId);
  if (!access.role) throw forbidden(LETTER_MESSAGES.membersOnly);
  if (access.session.endsAt.getTime() <= now.getTime()) throw forbidden(LETTER_MESSAGES.closed);
  const [row] = await db
    .insert(ritualSessionLetters)
    .values({
      ritualSessionId: sessionId,
      userId: user.id,
      content,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [ritualSessionLetters.ritualSessionId, ritualSessionLetters.userId],
      set: { content, updatedAt: now },
      setWhere: and(
        isNull(ritualSessionLetters.deliveredAt),
        sql`(select ends_at from ritual_sessions where id = ${sessionId}) > ${now.toISOString()}::timestamptz`,
      ),
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({
      ...getTableColumns(ritualSessionLetters),
      inserted: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw forbidden(LETTER_MESSAGES.closed);
  const { inserted, ...letter } = row;
  return { view: { letter, session: access.session, now }, created: inserted };
}
