import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { SeoulMonth } from '../../../lib/program-calendar.ts';
import { seoulMonthRange } from '../../../lib/program-calendar.ts';
import { recruitStateOf } from '../../../lib/rituals.ts';
import type { RecruitState } from '../../../lib/rituals.ts';
import type { Db } from '../../db/client.ts';
import { badges, programEvents, ritualBadges, ritualSessions, ritualSessionUsers, rituals, themes } from '../../db/schema/index.ts';
import type { Badge } from '../../db/schema/index.ts';

/** Members who took a seat in the session of the row; the host takes none. */
const seatsTaken = sql<number>`(select count(*)::int from ${ritualSessionUsers} where ${ritualSessionUsers.ritualSessionId} = ${ritualSessions.id} and ${ritualSessionUsers.role} = 'member')`;

// What a guest may read: a published one-day programme, and of it only published sessions.
const publishedProgram = and(eq(rituals.type, 'one_day'), eq(rituals.isPublished, true));
const activeTheme = and(eq(themes.id, rituals.themeId), eq(themes.isActive, true));

export interface ProgramEventRow {
  id: number;
  ritualId: number;
  ritualSessionId: number;
  title: string;
  place: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  price: number;
  seatsTaken: number;
  ritualTitle: string;
  coverImageUrl: string;
  coverImageAlt: string;
  themeId: number | null;
  themeName: string | null;
  /** Whether its session takes applications at `now`: a card must not offer seats nobody can book. */
  recruitState: RecruitState;
}

const recruitColumns = { recruitStartsAt: ritualSessions.recruitStartsAt, recruitEndsAt: ritualSessions.recruitEndsAt };

function withRecruitState<Row extends { startsAt: Date; recruitStartsAt: Date | null; recruitEndsAt: Date | null; capacity: number; seatsTaken: number }>(
  { recruitStartsAt, recruitEndsAt, ...row }: Row,
  now: Date,
): Omit<Row, 'recruitStartsAt' | 'recruitEndsAt'> & { recruitState: RecruitState } {
  const seatsLeft = Math.max(0, row.capacity - row.seatsTaken);
  return { ...row, recruitState: recruitStateOf({ startsAt: row.startsAt, recruitStartsAt, recruitEndsAt, seatsLeft }, now) };
}

/**
 * The events of published one-day programmes that start in the Seoul month, by start: one
 * statement whatever their number, ranging over ritual_sessions_starts_idx.
 */
export async function listProgramEvents(db: Db, month: SeoulMonth, now = new Date()): Promise<ProgramEventRow[]> {
  const { start, end } = seoulMonthRange(month);
  const rows = await db
    .select({
      id: programEvents.id,
      ritualId: rituals.id,
      ritualSessionId: ritualSessions.id,
      title: programEvents.title,
      place: programEvents.place,
      startsAt: ritualSessions.startsAt,
      endsAt: ritualSessions.endsAt,
      capacity: ritualSessions.capacity,
      price: ritualSessions.price,
      seatsTaken,
      ritualTitle: rituals.title,
      coverImageUrl: rituals.coverImageUrl,
      coverImageAlt: rituals.coverImageAlt,
      themeId: themes.id,
      themeName: themes.name,
      ...recruitColumns,
    })
    .from(ritualSessions)
    .innerJoin(programEvents, eq(programEvents.ritualSessionId, ritualSessions.id))
    .innerJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
    .leftJoin(themes, activeTheme)
    .where(and(gte(ritualSessions.startsAt, start), lt(ritualSessions.startsAt, end), eq(ritualSessions.isPublished, true), publishedProgram))
    .orderBy(asc(ritualSessions.startsAt), asc(programEvents.id));
  return rows.map((row) => withRecruitState(row, now));
}

export interface NextEventRow {
  ritualSessionId: number;
  startsAt: Date;
  endsAt: Date;
  place: string;
  capacity: number;
  price: number;
  seatsTaken: number;
  recruitState: RecruitState;
}

export interface OneDayProgramRow {
  id: number;
  title: string;
  summary: string;
  coverImageUrl: string;
  coverImageAlt: string;
  hostName: string;
  themeId: number | null;
  themeName: string | null;
  badges: Badge[];
  nextEvent: NextEventRow | null;
}

/**
 * The published one-day programmes in staff's order, each with its badges and its first event
 * still to come: three statements, run together, whatever the number of programmes.
 */
export async function listOneDayPrograms(db: Db, now = new Date()): Promise<OneDayProgramRow[]> {
  const [programs, nextEvents, badgeRows] = await Promise.all([
    db
      .select({
        id: rituals.id,
        title: rituals.title,
        summary: rituals.summary,
        coverImageUrl: rituals.coverImageUrl,
        coverImageAlt: rituals.coverImageAlt,
        hostName: rituals.hostName,
        themeId: themes.id,
        themeName: themes.name,
      })
      .from(rituals)
      .leftJoin(themes, activeTheme)
      .where(publishedProgram)
      .orderBy(asc(rituals.sortOrder), asc(rituals.id)),
    // The first upcoming event of each programme (ritual_sessions_ritual_idx: ritual, start).
    db
      .selectDistinctOn([ritualSessions.ritualId], {
        ritualId: ritualSessions.ritualId,
        ritualSessionId: ritualSessions.id,
        startsAt: ritualSessions.startsAt,
        endsAt: ritualSessions.endsAt,
        place: programEvents.place,
        capacity: ritualSessions.capacity,
        price: ritualSessions.price,
        seatsTaken,
        ...recruitColumns,
      })
      .from(ritualSessions)
      .innerJoin(programEvents, eq(programEvents.ritualSessionId, ritualSessions.id))
      .innerJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
      .where(and(gt(ritualSessions.startsAt, now), eq(ritualSessions.isPublished, true), publishedProgram))
      .orderBy(asc(ritualSessions.ritualId), asc(ritualSessions.startsAt), asc(ritualSessions.id)),
    db
      .select({ ritualId: ritualBadges.ritualId, badge: badges })
      .from(ritualBadges)
      .innerJoin(rituals, eq(rituals.id, ritualBadges.ritualId))
      .innerJoin(badges, eq(badges.id, ritualBadges.badgeId))
      .where(publishedProgram)
      .orderBy(asc(badges.sortOrder), asc(badges.id)),
  ]);
  const nextOf = new Map(nextEvents.map(({ ritualId, ...event }) => [ritualId, withRecruitState(event, now)]));
  const badgesOf = new Map<number, Badge[]>();
  for (const { ritualId, badge } of badgeRows) {
    const list = badgesOf.get(ritualId);
    if (list) list.push(badge);
    else badgesOf.set(ritualId, [badge]);
  }
  return programs.map((program) => ({
    ...program,
    badges: badgesOf.get(program.id) ?? [],
    nextEvent: nextOf.get(program.id) ?? null,
  }));
}
