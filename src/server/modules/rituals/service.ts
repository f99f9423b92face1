import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { FEW_SEATS, recruitStateOf } from '../../../lib/rituals.ts';
import type { RecruitState, RitualType } from '../../../lib/rituals.ts';
import type { Db } from '../../db/client.ts';
import { badges, ritualBadges, ritualSessionTitles, ritualSessions, ritualSessionUsers, rituals, themes } from '../../db/schema/index.ts';
import type { Badge, RitualSessionTitle, SearchKind } from '../../db/schema/index.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { findActiveTheme } from '../content/catalogue-service.ts';
import { matchingIds, parseSearchQuery } from '../search/service.ts';
import { RITUAL_MESSAGES, RITUALS_PER_PAGE } from './schema.ts';

const SEARCH_KIND_OF = { monthly: 'ritual', one_day: 'program' } as const satisfies Record<RitualType, SearchKind>;

/** More than a season will ever hold; the explorer reads them all at once. */
const EXPLORER_RITUALS_MAX = 100;
/** A season's sessions: a few per ritual. */
const SEASON_SESSIONS_MAX = 300;
const SESSION_TITLES_MAX = 24;
const SECTION_ITEMS_MAX = 8;

export interface RitualSessionView {
  id: number;
  ritualId: number;
  ritualSessionTitleId: number | null;
  title: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  price: number;
  seatsLeft: number;
  recruitStartsAt: Date | null;
  recruitEndsAt: Date | null;
  recruitState: RecruitState;
  place: string | null;
}

export interface RitualItemView {
  id: number;
  type: RitualType;
  title: string;
  summary: string;
  coverImageUrl: string;
  coverImageAlt: string;
  theme: { id: number; name: string } | null;
  badges: Badge[];
  hostName: string;
  /** Sessions still to come whose recruiting has not ended, soonest first. */
  sessions: RitualSessionView[];
}

export interface RitualDetailView extends RitualItemView {
  descriptionHtml: string;
  howItGoesHtml: string;
  hostIntroduction: string;
  selectedSession: RitualSessionView | null;
}

export interface RitualPage {
  items: RitualItemView[];
  total: number;
  page: number;
  perPage: number;
}

export interface ExplorerSectionView {
  key: string;
  title: string;
  items: RitualItemView[];
}

export interface PublicSessionView extends RitualSessionView {
  ritual: { id: number; type: RitualType; title: string };
}

const itemColumns = {
  id: rituals.id,
  type: rituals.type,
  title: rituals.title,
  summary: rituals.summary,
  coverImageUrl: rituals.coverImageUrl,
  coverImageAlt: rituals.coverImageAlt,
  hostName: rituals.hostName,
  themeId: themes.id,
  themeName: themes.name,
};

interface ItemRow {
  id: number;
  type: RitualType;
  title: string;
  summary: string;
  coverImageUrl: string;
  coverImageAlt: string;
  hostName: string;
  themeId: number | null;
  themeName: string | null;
}

// The list's order, which rituals_list_idx and rituals_theme_idx hold.
const LIST_ORDER = [asc(rituals.sortOrder), asc(rituals.id)];

// An inactive theme is not shown: its rituals are listed without one.
const themeJoin = and(eq(themes.id, rituals.themeId), eq(themes.isActive, true));

/** Still to come, and its recruiting not over: what a visitor may still look forward to. */
const isOpenSession = (now: Date): SQL =>
  and(eq(ritualSessions.isPublished, true), gt(ritualSessions.startsAt, now), or(isNull(ritualSessions.recruitEndsAt), gt(ritualSessions.recruitEndsAt, now)))!;

const sessionColumns = {
  id: ritualSessions.id,
  ritualId: ritualSessions.ritualId,
  ritualSessionTitleId: ritualSessions.ritualSessionTitleId,
  title: ritualSessions.title,
  startsAt: ritualSessions.startsAt,
  endsAt: ritualSessions.endsAt,
  capacity: ritualSessions.capacity,
  price: ritualSessions.price,
  recruitStartsAt: ritualSessions.recruitStartsAt,
  recruitEndsAt: ritualSessions.recruitEndsAt,
  place: ritualSessions.place,
  // The host leads the room and takes no seat: only members are counted.
  members: sql<number>`count(${ritualSessionUsers.id})::int`,
};

const memberJoin = and(eq(ritualSessionUsers.ritualSessionId, ritualSessions.id), eq(ritualSessionUsers.role, 'member'));

type SessionRow = {
  id: number;
  ritualId: number | null;
  ritualSessionTitleId: number | null;
  title: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  price: number;
  recruitStartsAt: Date | null;
  recruitEndsAt: Date | null;
  place: string | null;
  members: number;
};

function sessionView(row: SessionRow, now: Date): RitualSessionView {
  const seatsLeft = Math.max(0, row.capacity - Number(row.members));
  return {
    id: row.id,
    ritualId: row.ritualId!,
    ritualSessionTitleId: row.ritualSessionTitleId,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    capacity: row.capacity,
    price: row.price,
    seatsLeft,
    recruitStartsAt: row.recruitStartsAt,
    recruitEndsAt: row.recruitEndsAt,
    recruitState: recruitStateOf({ ...row, seatsLeft }, now),
    place: row.place,
  };
}

/** The open sessions of these rituals with their seats left: one grouped query for the whole list. */
async function openSessionsOf(db: Db, ritualIds: number[], now: Date): Promise<Map<number, RitualSessionView[]>> {
  const byRitual = new Map<number, RitualSessionView[]>();
  if (ritualIds.length === 0) return byRitual;
  const rows = await db
    .select(sessionColumns)
    .from(ritualSessions)
    .leftJoin(ritualSessionUsers, memberJoin)
    .where(and(inArray(ritualSessions.ritualId, ritualIds), isOpenSession(now)))
    .groupBy(ritualSessions.id)
    .orderBy(asc(ritualSessions.startsAt), asc(ritualSessions.id));
  for (const row of rows) {
    const view = sessionView(row, now);
    byRitual.set(view.ritualId, [...(byRitual.get(view.ritualId) ?? []), view]);
  }
  return byRitual;
}

async function badgesOf(db: Db, ritualIds: number[]): Promise<Map<number, Badge[]>> {
  const byRitual = new Map<number, Badge[]>();
  if (ritualIds.length === 0) return byRitual;
  const rows = await db
    .select({ ritualId: ritualBadges.ritualId, badge: badges })
    .from(ritualBadges)
    .innerJoin(badges, eq(badges.id, ritualBadges.badgeId))
    .where(inArray(ritualBadges.ritualId, ritualIds))
    .orderBy(asc(badges.sortOrder), asc(badges.id));
  for (const { ritualId, badge } of rows) byRitual.set(ritualId, [...(byRitual.get(ritualId) ?? []), badge]);
  return byRitual;
}

/** Rows of the list with their badges and open sessions: three queries whatever the length. */
async function withDetails(db: Db, rows: ItemRow[], now: Date): Promise<RitualItemView[]> {
  const ids = rows.map((row) => row.id);
  const [sessions, badgeMap] = await Promise.all([openSessionsOf(db, ids, now), badgesOf(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    summary: row.summary,
    coverImageUrl: row.coverImageUrl,
    coverImageAlt: row.coverImageAlt,
    hostName: row.hostName,
    theme: row.themeId !== null && row.themeName !== null ? { id: row.themeId, name: row.themeName } : null,
    badges: badgeMap.get(row.id) ?? [],
    sessions: sessions.get(row.id) ?? [],
  }));
}

/**
 * Published rituals, page-numbered, of one type and one theme when asked. A theme that does not
 * exist (or is retired) is refused rather than answered with an empty list that looks real.
 */
/** The ids of the rituals (of `type`, or of both) whose texts hold every word of `q`, from the explorer's search index. */
async function ritualsMatching(db: Db, q: string, type: RitualType | undefined, now: Date): Promise<number[]> {
  if (parseSearchQuery(q).status === 'too_short') throw invalidInput({ q: [RITUAL_MESSAGES.queryTooShort] });
  const kinds = type ? [SEARCH_KIND_OF[type]] : Object.values(SEARCH_KIND_OF);
  return (await Promise.all(kinds.map((kind) => matchingIds(db, kind, q, now)))).flat();
}

export async function listRituals(
  db: Db,
  {
    type,
    themeId,
    q,
    page = 1,
    perPage = RITUALS_PER_PAGE,
    now = new Date(),
  }: { type?: RitualType | undefined; themeId?: number | undefined; q?: string | undefined; page?: number; perPage?: number; now?: Date },
): Promise<RitualPage> {
  if (themeId !== undefined && !(await findActiveTheme(db, themeId))) throw invalidInput({ theme_id: [RITUAL_MESSAGES.themeId] });
  const matching = q === undefined ? undefined : await ritualsMatching(db, q, type, now);
  if (matching?.length === 0) return { items: [], total: 0, page, perPage };
  const where = and(
    eq(rituals.isPublished, true),
    type ? eq(rituals.type, type) : undefined,
    themeId !== undefined ? eq(rituals.themeId, themeId) : undefined,
    matching ? inArray(rituals.id, matching) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(itemColumns)
      .from(rituals)
      .leftJoin(themes, themeJoin)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(rituals).where(where),
  ]);
  return { items: await withDetails(db, rows, now), total: totals?.total ?? 0, page, perPage };
}

/** One published session of the ritual, whatever its recruiting state; null when it has none of that id. */
async function sessionOfRitual(db: Db, ritualId: number, sessionId: number, now: Date): Promise<RitualSessionView | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(ritualSessions)
    .leftJoin(ritualSessionUsers, memberJoin)
    .where(and(eq(ritualSessions.id, sessionId), eq(ritualSessions.ritualId, ritualId), eq(ritualSessions.isPublished, true)))
    .groupBy(ritualSessions.id);
  return row ? sessionView(row, now) : null;
}

/**
 * The ritual with its open sessions and the one chosen: `sessionId` when the ritual has it, even
 * full or closed (a card's link names the date the visitor chose, and another in its place could be
 * bought by mistake), the next one still taking applications otherwise. A session of another
 * ritual, or one not published, is not found.
 */
export async function findRitual(db: Db, id: number, { sessionId, now = new Date() }: { sessionId?: number | undefined; now?: Date } = {}): Promise<RitualDetailView> {
  const [row] = await db
    .select({
      ...itemColumns,
      descriptionHtml: rituals.descriptionHtml,
      howItGoesHtml: rituals.howItGoesHtml,
      hostIntroduction: rituals.hostIntroduction,
    })
    .from(rituals)
    .leftJoin(themes, themeJoin)
    .where(and(eq(rituals.id, id), eq(rituals.isPublished, true)));
  if (!row) throw notFound(RITUAL_MESSAGES.notFound);
  const [item] = await withDetails(db, [row], now);
  const sessions = item!.sessions;
  let selectedSession: RitualSessionView | null;
  if (sessionId !== undefined) {
    selectedSession = sessions.find((session) => session.id === sessionId) ?? (await sessionOfRitual(db, id, sessionId, now));
    if (!selectedSession) throw notFound(RITUAL_MESSAGES.sessionNotFound);
  } else {
    selectedSession = sessions.find((session) => session.recruitState === 'open') ?? sessions[0] ?? null;
  }
  return {
    ...item!,
    descriptionHtml: row.descriptionHtml,
    howItGoesHtml: row.howItGoesHtml,
    hostIntroduction: row.hostIntroduction,
    selectedSession,
  };
}

/** Published seasons, the newest first. */
export function listSessionTitles(db: Db): Promise<RitualSessionTitle[]> {
  return db
    .select()
    .from(ritualSessionTitles)
    .where(eq(ritualSessionTitles.isPublished, true))
    .orderBy(desc(ritualSessionTitles.startsAt), desc(ritualSessionTitles.id))
    .limit(SESSION_TITLES_MAX);
}

/** The sessions of one published season, of published rituals: what anyone may know of them. */
export async function listSeasonSessions(db: Db, titleId: number, now = new Date()): Promise<PublicSessionView[]> {
  const [title] = await db
    .select({ id: ritualSessionTitles.id })
    .from(ritualSessionTitles)
    .where(and(eq(ritualSessionTitles.id, titleId), eq(ritualSessionTitles.isPublished, true)));
  if (!title) throw notFound(RITUAL_MESSAGES.titleNotFound);
  const rows = await db
    .select({ ...sessionColumns, ritualType: rituals.type, ritualTitle: rituals.title })
    .from(ritualSessions)
    .innerJoin(rituals, and(eq(rituals.id, ritualSessions.ritualId), eq(rituals.isPublished, true)))
    .leftJoin(ritualSessionUsers, memberJoin)
    .where(and(eq(ritualSessions.ritualSessionTitleId, titleId), eq(ritualSessions.isPublished, true)))
    .groupBy(ritualSessions.id, rituals.id)
    .orderBy(asc(ritualSessions.startsAt), asc(ritualSessions.id))
    .limit(SEASON_SESSIONS_MAX);
  return rows.map((row) => ({
    ...sessionView(row, now),
    ritual: { id: row.ritualId!, type: row.ritualType, title: row.ritualTitle },
  }));
}

/** Published rituals of a type, in the list's order, all of them (a season holds a few dozen). */
export async function listSeasonRituals(db: Db, type: RitualType, now = new Date()): Promise<RitualItemView[]> {
  const rows = await db
    .select(itemColumns)
    .from(rituals)
    .leftJoin(themes, themeJoin)
    .where(and(eq(rituals.isPublished, true), eq(rituals.type, type)))
    .orderBy(...LIST_ORDER)
    .limit(EXPLORER_RITUALS_MAX);
  return withDetails(db, rows, now);
}

/** Rituals that have had a session before `now`: the others start with this season. */
async function ritualsWithPastSessions(db: Db, ritualIds: number[], now: Date): Promise<Set<number>> {
  if (ritualIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ ritualId: ritualSessions.ritualId })
    .from(ritualSessions)
    .where(and(inArray(ritualSessions.ritualId, ritualIds), lte(ritualSessions.startsAt, now)));
  return new Set(rows.map((row) => row.ritualId!));
}

const nextOf = (item: RitualItemView): RitualSessionView | undefined => item.sessions[0];

/**
 * The explorer's curated shelves, from the monthly rituals already read: the ones about to fill,
 * the ones new this season, and one shelf per theme. Empty shelves are left out.
 */
export async function explorerSections(db: Db, monthly: RitualItemView[], now = new Date()): Promise<ExplorerSectionView[]> {
  const seasoned = await ritualsWithPastSessions(
    db,
    monthly.map((item) => item.id),
    now,
  );
  const closingSoon = monthly
    .filter((item) => {
      const next = nextOf(item);
      return next?.recruitState === 'open' && next.seatsLeft <= FEW_SEATS;
    })
    .sort((a, b) => nextOf(a)!.seatsLeft - nextOf(b)!.seatsLeft);
  const fresh = monthly.filter((item) => !seasoned.has(item.id) && item.sessions.length > 0);
  const themesInOrder = new Map<number, { name: string; items: RitualItemView[] }>();
  for (const item of monthly) {
    if (!item.theme || item.sessions.length === 0) continue;
    const shelf = themesInOrder.get(item.theme.id) ?? { name: item.theme.name, items: [] };
    shelf.items.push(item);
    themesInOrder.set(item.theme.id, shelf);
  }
  const sections: ExplorerSectionView[] = [
    { key: 'closing_soon', title: '마감 임박', items: closingSoon },
    { key: 'new_this_season', title: '이번 시즌 새 리추얼', items: fresh },
    ...[...themesInOrder].map(([id, shelf]) => ({ key: `theme_${id}`, title: shelf.name, items: shelf.items })),
  ];
  return sections
    .filter((section) => section.items.length > 0)
    .map((section) => ({ ...section, items: section.items.slice(0, SECTION_ITEMS_MAX) }));
}

/** What /explorer shows: this season's monthly rituals and the shelves made of them. */
export async function loadExplorer(db: Db, now = new Date()): Promise<{ rituals: RitualItemView[]; sections: ExplorerSectionView[] }> {
  const monthly = await listSeasonRituals(db, 'monthly', now);
  return { rituals: monthly, sections: await explorerSections(db, monthly, now) };
}
