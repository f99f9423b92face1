import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { ritualSessionUsers, ritualSessions, type RitualSession, type RitualSessionRole, type User } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../domain-errors.ts';
import { isStaff } from '../square/permissions.ts';

export const ROOM_MESSAGES = {
  missing: '리추얼 방을 찾을 수 없습니다.',
  notMember: '이 리추얼 방의 멤버만 볼 수 있습니다.',
} as const;

/** Who is in a room: the session, the member's role in it (null for staff who are not in it), whether staff. */
export interface RoomAccess {
  session: RitualSession;
  role: RitualSessionRole | null;
  isStaff: boolean;
}

// Every room call asks it first: built once per database.
const accessQuery = preparedQuery((db) =>
  db
    .select({ session: ritualSessions, role: ritualSessionUsers.role })
    .from(ritualSessions)
    .leftJoin(
      ritualSessionUsers,
      and(eq(ritualSessionUsers.ritualSessionId, ritualSessions.id), eq(ritualSessionUsers.userId, sql.placeholder('userId'))),
    )
    .where(eq(ritualSessions.id, sql.placeholder('sessionId')))
    .prepare('room_access'),
);

/**
 * The rule of every room call: an unknown session is 404; only its members and staff may read or
 * act in it (403 otherwise). One query.
 */
export async function roomAccess(db: Db, user: Pick<User, 'id' | 'role'>, sessionId: number): Promise<RoomAccess> {
  const [row] = await accessQuery(db).execute({ userId: user.id, sessionId });
  return accessOf(row, user);
}

/** The same rule on a row a caller read in a larger query of its own: the session (none when unknown) and the member's role. */
export function accessOf(row: { session: RitualSession; role: RitualSessionRole | null } | undefined, user: Pick<User, 'id' | 'role'>): RoomAccess {
  if (!row) throw notFound(ROOM_MESSAGES.missing);
  const staff = isStaff(user);
  if (!row.role && !staff) throw forbidden(ROOM_MESSAGES.notMember);
  return { session: row.session, role: row.role, isStaff: staff };
}

/** The host and staff lead a room: they write notices and may change the room's members' posts. */
export const leadsRoom = (access: RoomAccess): boolean => access.role === 'host' || access.isStaff;
