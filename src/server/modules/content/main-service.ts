import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { createSnapshotReader, snapshotPerDatabase } from '../../db/snapshot.ts';
import type { SnapshotReader } from '../../db/snapshot.ts';
import { mainBanners, mains, notices } from '../../db/schema/index.ts';
import type { Main, MainBanner, Theme, User } from '../../db/schema/index.ts';
import { listOffTheRecords } from '../off-the-record/service.ts';
import type { RecordItemView } from '../off-the-record/service.ts';
import { listOneDayPrograms } from '../programs/service.ts';
import type { OneDayProgramRow } from '../programs/service.ts';
import { listRituals } from '../rituals/service.ts';
import type { RitualItemView } from '../rituals/service.ts';
import { listActiveThemes } from './catalogue-service.ts';

export const HOME_NOTICE_COUNT = 3;
export const HOME_RITUAL_COUNT = 8;
export const HOME_PROGRAM_COUNT = 4;
export const HOME_RECORD_COUNT = 4;

export interface HomeNotice {
  id: number;
  title: string;
  isPinned: boolean;
  publishedAt: Date;
}

export interface MainWithBanners extends Main {
  banners: MainBanner[];
}

/** Everything the home page shows besides the shell; `main` is null when none is published. */
export interface HomeContent {
  main: MainWithBanners | null;
  notices: HomeNotice[];
  themes: Theme[];
  /** The monthly rituals of the season, in the explorer's order. */
  rituals: RitualItemView[];
  /** One-day programmes with an event to come, the soonest first. */
  programs: OneDayProgramRow[];
  /** The newest readable off-the-record records. */
  offTheRecords: RecordItemView[];
}

export const isMainPublished = (main: Main, now = new Date()): boolean => main.publishedAt !== null && main.publishedAt <= now;
/** Staff and admins may see a main before it is published. */
export const canPreviewMains = (viewer: User | null): boolean => viewer?.role === 'staff' || viewer?.role === 'admin';

/** The newest main published no later than `now` (mains_published_idx). */
export async function findCurrentMain(db: Db, now = new Date()): Promise<Main | null> {
  const [main] = await db
    .select()
    .from(mains)
    .where(and(isNotNull(mains.publishedAt), lte(mains.publishedAt, now)))
    .orderBy(desc(mains.publishedAt), desc(mains.id))
    .limit(1);
  return main ?? null;
}

export function listMainBanners(db: Db, mainId: number): Promise<MainBanner[]> {
  return db
    .select()
    .from(mainBanners)
    .where(eq(mainBanners.mainId, mainId))
    .orderBy(asc(mainBanners.sortOrder), asc(mainBanners.id));
}

/**
 * The newest published notices, pinned or not: on the home a pin is not special. notices_list_idx
 * leads with is_pinned, so each pin state is read down the index and the two short lists merged.
 */
export async function latestNotices(db: Db, now = new Date(), limit = HOME_NOTICE_COUNT): Promise<HomeNotice[]> {
  const newest = (pinned: boolean) =>
    db
      .select({ id: notices.id, title: notices.title, isPinned: notices.isPinned, publishedAt: notices.publishedAt })
      .from(notices)
      .where(and(eq(notices.isPinned, pinned), isNotNull(notices.publishedAt), lte(notices.publishedAt, now)))
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(limit);
  const rows = await unionAll(newest(true), newest(false))
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt! }));
}

/**
 * The one-day programmes that meet soonest. Staff keep a few programmes at a time, so the
 * explorer's own read of them all (a fixed three statements) is cheaper than a second query
 * written for the home; those without a date to come have nothing to offer here.
 */
export async function upcomingPrograms(db: Db, now = new Date(), limit = HOME_PROGRAM_COUNT): Promise<OneDayProgramRow[]> {
  const programs = await listOneDayPrograms(db, now);
  return programs
    .filter((program) => program.nextEvent !== null)
    .sort((a, b) => a.nextEvent!.startsAt.getTime() - b.nextEvent!.startsAt.getTime() || a.id - b.id)
    .slice(0, limit);
}

async function withSections(db: Db, main: Main | null, now: Date): Promise<HomeContent> {
  const [banners, homeNotices, themes, rituals, programs, records] = await Promise.all([
    main ? listMainBanners(db, main.id) : Promise.resolve([]),
    latestNotices(db, now),
    listActiveThemes(db),
    listRituals(db, { type: 'monthly', perPage: HOME_RITUAL_COUNT, now }),
    upcomingPrograms(db, now),
    listOffTheRecords(db, { page: 1, perPage: HOME_RECORD_COUNT, now }),
  ]);
  return {
    main: main ? { ...main, banners } : null,
    notices: homeNotices,
    themes,
    rituals: rituals.items,
    programs,
    offTheRecords: records.items,
  };
}

/** The home as published now. */
export async function loadHomeContent(db: Db, now = new Date()): Promise<HomeContent> {
  return withSections(db, await findCurrentMain(db, now), now);
}

/**
 * A main by id: published ones for everyone, drafts and scheduled ones for staff only (their
 * preview). Others get null for an unpublished main, exactly as for a missing one.
 */
export async function findMainForViewer(
  db: Db,
  id: number,
  viewer: User | null,
  now = new Date(),
): Promise<(HomeContent & { main: MainWithBanners }) | null> {
  const [main] = await db.select().from(mains).where(eq(mains.id, id));
  if (!main || (!isMainPublished(main, now) && !canPreviewMains(viewer))) return null;
  const content = await withSections(db, main, now);
  return { ...content, main: content.main! };
}

export type HomeReader = SnapshotReader<HomeContent>;

export const HOME_CACHE_TTL_MS = 5_000;

/**
 * The home as published now, kept a few seconds in this process: every visit to / reads it, and
 * it changes when staff publish. A main or notice published for a given hour shows within the
 * TTL of it.
 */
export const createHomeReader = (db: Db, ttlMs = HOME_CACHE_TTL_MS): HomeReader => createSnapshotReader(() => loadHomeContent(db), ttlMs);

/** The pages' reader for this database, made once and shared by every request. */
export const homeReaderFor = snapshotPerDatabase(loadHomeContent, HOME_CACHE_TTL_MS);
