import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonArray, jsonRowShape } from '../../db/json-rows.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  ritualSessionCheckIns,
  ritualSessionCheckInTexts,
  ritualSessionUsers,
  ritualSessions,
  rituals,
  users,
} from '../../db/schema/index.ts';
import type { RitualSessionRole, User } from '../../db/schema/index.ts';
import { forbidden, invalidInput } from '../../domain-errors.ts';
import { seoulDayKey } from '../../../lib/program-calendar.ts';
import { isPostingOpen, roomStateOf } from '../../../lib/rooms.ts';
import { accessOf, leadsRoom, roomAccess } from './access.ts';
import { CHECK_IN_CLOCK_SKEW_MS, CHECK_IN_LATE_HOURS, CHECK_IN_MESSAGES } from './schema.ts';

export type RoomViewer = Pick<User, 'id' | 'role'>;

export interface RoomSummaryView {
  id: number;
  title: string;
  ritual: { id: number | null; title: string; coverImageUrl: string | null };
  startsAt: Date;
  endsAt: Date;
  role: RitualSessionRole | null;
  checkedInToday: boolean;
}

export interface CheckInView {
  id: number;
  day: string;
  checkInTextId: number | null;
  text: string | null;
  content: string | null;
  createdAt: Date;
}

export interface RoomDetailView extends RoomSummaryView {
  membersCount: number;
  leads: boolean;
  canPost: boolean;
  canCheckIn: boolean;
  todayCheckIn: CheckInView | null;
}

const summaryColumns = {
  id: ritualSessions.id,
  title: ritualSessions.title,
  startsAt: ritualSessions.startsAt,
  endsAt: ritualSessions.endsAt,
  ritualId: rituals.id,
  ritualTitle: rituals.title,
  coverImageUrl: rituals.coverImageUrl,
};

type SummaryRow = { id: number; title: string; startsAt: Date; endsAt: Date; ritualId: number | null; ritualTitle: string | null; coverImageUrl: string | null };

const summaryOf = (row: SummaryRow, role: RitualSessionRole | null, checkedInToday: boolean): RoomSummaryView => ({
  id: row.id,
  title: row.title,
  ritual: { id: row.ritualId, title: row.ritualTitle ?? row.title, coverImageUrl: row.coverImageUrl },
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  role,
  checkedInToday,
});

/** The member's rooms, the latest start first, each with whether they checked in this Seoul day. One query. */
export async function listMyRooms(db: Db, user: RoomViewer, now = new Date()): Promise<RoomSummaryView[]> {
  const today = seoulDayKey(now);
  const rows = await db
    .select({ ...summaryColumns, role: ritualSessionUsers.role, checkInId: ritualSessionCheckIns.id })
    .from(ritualSessionUsers)
    .innerJoin(ritualSessions, eq(ritualSessions.id, ritualSessionUsers.ritualSessionId))
    .leftJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
    .leftJoin(
      ritualSessionCheckIns,
      and(
        eq(ritualSessionCheckIns.ritualSessionId, ritualSessions.id),
        eq(ritualSessionCheckIns.userId, user.id),
        eq(ritualSessionCheckIns.day, today),
      ),
    )
    .where(eq(ritualSessionUsers.userId, user.id))
    .orderBy(desc(ritualSessions.startsAt), desc(ritualSessions.id));
  return rows.map((row) => summaryOf(row, row.role, row.checkInId !== null));
}

const checkInColumns = {
  id: ritualSessionCheckIns.id,
  day: ritualSessionCheckIns.day,
  checkInTextId: ritualSessionCheckIns.checkInTextId,
  text: ritualSessionCheckInTexts.text,
  content: ritualSessionCheckIns.content,
  createdAt: ritualSessionCheckIns.createdAt,
};

// Every check-in asks it, twice: built once per database.
const checkInOfDayQuery = preparedQuery((db) =>
  db
    .select(checkInColumns)
    .from(ritualSessionCheckIns)
    .leftJoin(ritualSessionCheckInTexts, eq(ritualSessionCheckInTexts.id, ritualSessionCheckIns.checkInTextId))
    .where(
      and(
        eq(ritualSessionCheckIns.ritualSessionId, sql.placeholder('sessionId')),
        eq(ritualSessionCheckIns.userId, sql.placeholder('userId')),
        eq(ritualSessionCheckIns.day, sql.placeholder('day')),
      ),
    )
    .prepare('room_check_in_of_day'),
);

// The room's page asks for its room on every visit: the access rule's row, the ritual, the head
// count and the member's check-in of the day in one query, built once per database.
const roomQuery = preparedQuery((db) =>
  db
    .select({
      session: ritualSessions,
      role: ritualSessionUsers.role,
      ritual: { id: rituals.id, title: rituals.title, coverImageUrl: rituals.coverImageUrl },
      membersCount: sql<number>`(select count(*)::int from ${ritualSessionUsers} where ${ritualSessionUsers.ritualSessionId} = ${ritualSessions.id})`,
      // Drizzle reads a left-joined object as null when its row is missing only while all its columns
      // are that table's: the text comes by subquery.
      todayCheckIn: {
        id: ritualSessionCheckIns.id,
        day: ritualSessionCheckIns.day,
        checkInTextId: ritualSessionCheckIns.checkInTextId,
        text: sql<string | null>`(select ${ritualSessionCheckInTexts.text} from ${ritualSessionCheckInTexts} where ${ritualSessionCheckInTexts.id} = ${ritualSessionCheckIns.checkInTextId})`,
        content: ritualSessionCheckIns.content,
        createdAt: ritualSessionCheckIns.createdAt,
      },
    })
    .from(ritualSessions)
    .leftJoin(
      ritualSessionUsers,
      and(eq(ritualSessionUsers.ritualSessionId, ritualSessions.id), eq(ritualSessionUsers.userId, sql.placeholder('userId'))),
    )
    .leftJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
    .leftJoin(
      ritualSessionCheckIns,
      and(
        eq(ritualSessionCheckIns.ritualSessionId, ritualSessions.id),
        eq(ritualSessionCheckIns.userId, sql.placeholder('userId')),
        eq(ritualSessionCheckIns.day, sql.placeholder('day')),
      ),
    )
    .where(eq(ritualSessions.id, sql.placeholder('sessionId')))
    .prepare('room_home'),
);

const memberRow = jsonRowShape<RoomMemberView>({
  id: users.id,
  nickname: users.nickname,
  profileImage: users.profileImage,
  username: users.username,
  role: ritualSessionUsers.role,
});

// Every room page lists them (the home's faces, a post's @ names): one JSON array.
const roomMembersQuery = preparedQuery((db) => {
  const rows = db
    .select({ row: memberRow.row.as('row') })
    .from(ritualSessionUsers)
    .innerJoin(users, eq(users.id, ritualSessionUsers.userId))
    .where(and(eq(ritualSessionUsers.ritualSessionId, sql.placeholder('sessionId')), isNull(users.deletedAt)))
    .orderBy(sql`${ritualSessionUsers.role} = 'host' desc`, asc(ritualSessionUsers.joinedAt), asc(ritualSessionUsers.id))
    .as('members');
  return db.select({ rows: jsonArray(rows.row) }).from(rows).prepare('room_members');
});

async function checkInOfDay(db: Db, sessionId: number, userId: number, day: string): Promise<CheckInView | null> {
  const [row] = await checkInOfDayQuery(db).execute({ sessionId, userId, day });
  return row ?? null;
}

/** The room as its home shows it: 404/403 by the room rule, then the ritual, the head count and today's check-in. One query. */
export async function findRoom(db: Db, user: RoomViewer, sessionId: number, now = new Date()): Promise<RoomDetailView> {
  const [row] = await roomQuery(db).execute({ sessionId, userId: user.id, day: seoulDayKey(now) });
  const access = accessOf(row, user);
  const { session } = access;
  // accessOf has refused a room that is not there.
  const { ritual, membersCount, todayCheckIn } = row!;
  const running = roomStateOf({ starts_at: session.startsAt, ends_at: session.endsAt }, now) === 'running';
  return {
    ...summaryOf(
      {
        ...session,
        ritualId: ritual?.id ?? null,
        ritualTitle: ritual?.title ?? null,
        coverImageUrl: ritual?.coverImageUrl ?? null,
      },
      access.role,
      todayCheckIn !== null,
    ),
    membersCount,
    leads: leadsRoom(access),
    canPost: isPostingOpen({ starts_at: session.startsAt, ends_at: session.endsAt }, now),
    // Staff who are not in the room look after it; they have no days of their own to check.
    canCheckIn: running && access.role !== null,
    todayCheckIn,
  };
}

export interface RoomMemberView {
  id: number;
  nickname: string;
  profileImage: string | null;
  username: string;
  role: RitualSessionRole;
}

/** The room's members, the host first, then in the order they joined; members who left the site stay out. */
export async function listRoomMembers(db: Db, sessionId: number): Promise<RoomMemberView[]> {
  const [answer] = await roomMembersQuery(db).execute({ sessionId });
  return memberRow.parse(answer?.rows ?? '[]');
}

/** GET /{id}/info: the room and its members, for members and staff. */
export async function findRoomInfo(db: Db, user: RoomViewer, sessionId: number) {
  const { session } = await roomAccess(db, user, sessionId);
  return { id: session.id, title: session.title, members: await listRoomMembers(db, sessionId) };
}

// The room's page offers them to every member who has not checked in yet today: built once per database.
const checkInTextsQuery = preparedQuery((db) =>
  db
    .select({ id: ritualSessionCheckInTexts.id, text: ritualSessionCheckInTexts.text })
    .from(ritualSessionCheckInTexts)
    .where(eq(ritualSessionCheckInTexts.isActive, true))
    .orderBy(asc(ritualSessionCheckInTexts.sortOrder), asc(ritualSessionCheckInTexts.id))
    .prepare('room_check_in_texts'),
);

export async function listCheckInTexts(db: Db): Promise<Array<{ id: number; text: string }>> {
  return checkInTextsQuery(db).execute();
}

export interface CheckInResult {
  checkIn: CheckInView;
  /** False when the member had already checked in this Seoul day: nothing new was stored. */
  created: boolean;
}

/**
 * The member's check-in for the Seoul day they tapped (now, or `checkedInAt` when a phone sends it
 * late), while the room ran. The unique (session, member, day) index decides a race: the second of
 * two taps finds the first one's row and answers it.
 */
export async function checkIn(
  db: Db,
  user: RoomViewer,
  sessionId: number,
  input: { checkInTextId?: number | undefined; content?: string | undefined; checkedInAt?: Date | undefined },
  now = new Date(),
): Promise<CheckInResult> {
  const at = input.checkedInAt ?? now;
  if (at.getTime() > now.getTime() + CHECK_IN_CLOCK_SKEW_MS) throw invalidInput({ checked_in_at: [CHECK_IN_MESSAGES.checkedInAtFuture] });
  if (at.getTime() < now.getTime() - CHECK_IN_LATE_HOURS * 3_600_000) throw invalidInput({ checked_in_at: [CHECK_IN_MESSAGES.checkedInAtStale] });
  const access = await roomAccess(db, user, sessionId);
  if (access.role === null) throw forbidden('이 리추얼 방의 멤버만 체크인할 수 있습니다.');
  const state = roomStateOf({ starts_at: access.session.startsAt, ends_at: access.session.endsAt }, at);
  if (state === 'upcoming') throw forbidden(CHECK_IN_MESSAGES.notStarted);
  if (state === 'finished') throw forbidden(CHECK_IN_MESSAGES.finished);
  const day = seoulDayKey(at);
  const existing = await checkInOfDay(db, sessionId, user.id, day);
  if (existing) return { checkIn: existing, created: false };
  if (input.checkInTextId !== undefined) {
    const [text] = await db
      .select({ id: ritualSessionCheckInTexts.id })
      .from(ritualSessionCheckInTexts)
      .where(and(eq(ritualSessionCheckInTexts.id, input.checkInTextId), eq(ritualSessionCheckInTexts.isActive, true)));
    if (!text) throw invalidInput({ check_in_text_id: [CHECK_IN_MESSAGES.text] });
  }
  const inserted = await db
    .insert(ritualSessionCheckIns)
    .values({ ritualSessionId: sessionId, userId: user.id, day, checkInTextId: input.checkInTextId ?? null, content: input.content ?? null, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: ritualSessionCheckIns.id });
  const stored = await checkInOfDay(db, sessionId, user.id, day);
  if (!stored) throw new Error('check-in neither stored nor found');
  return { checkIn: stored, created: inserted.length > 0 };
}
