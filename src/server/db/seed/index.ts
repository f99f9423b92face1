import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { queryRows } from '../client.ts';
import { seedBanners } from './banners.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCoupons } from './coupons.ts';
import { seedFaqs } from './faqs.ts';
import { seedHome } from './home.ts';
import { seedInquiries } from './inquiries.ts';
import { seedDemoMembers } from './members.ts';
import { seedNotices } from './notices.ts';
import { seedNotifications } from './notifications.ts';
import { seedOffTheRecords } from './off-the-records.ts';
import { seedPages } from './pages.ts';
import { seedPrograms } from './programs.ts';
import { seedRitualSessions } from './ritual-sessions.ts';
import { seedRoomProgress } from './room-progress.ts';
import { seedRooms } from './rooms.ts';
import { seedRitualApplicants, seedRituals } from './rituals.ts';
import { seedSquare } from './square.ts';
import { seedDemoAdmin } from './staff.ts';
import { seedStore } from './store.ts';
import { rebuildSearchIndex } from '../../modules/search/service.ts';
import { DEVELOPMENT_APP_KEY } from '../../development-key.ts';

export class DemoSeedRefused extends Error {
  constructor() {
    super('Refusing to seed demo members in production (NODE_ENV=production).');
    this.name = 'DemoSeedRefused';
  }
}

/** Empty means no member and no content yet: the state right after the first migration. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from users) and not exists (select 1 from banners) as empty`,
  );
  return row?.empty ?? false;
}

export interface SeedProgress {
  /** The part just written, e.g. `notices`. */
  step: string;
  done: number;
  total: number;
  ms: number;
}

/** How many parts seedDemoData writes, so that progress can say how far it is. */
export const SEED_STEPS = 21;

/**
 * The demo data of API-CONVENTIONS.md, in one transaction: all of it or none. A first start spends
 * tens of seconds here, so each part is reported as it is written.
 */
export async function seedDemoData(
  db: Db,
  options: { production: boolean; appKey?: string; onProgress?: (progress: SeedProgress) => void },
): Promise<void> {
  if (options.production) throw new DemoSeedRefused();
  let done = 0;
  const part = async <T>(name: string, write: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const written = await write();
    done += 1;
    options.onProgress?.({ step: name, done, total: SEED_STEPS, ms: Math.round(performance.now() - started) });
    return written;
  };
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await part('members', () => seedDemoMembers(txDb));
    await part('staff', () => seedDemoAdmin(txDb, options.appKey ?? DEVELOPMENT_APP_KEY));
    await part('banners', () => seedBanners(txDb));
    await part('notices', () => seedNotices(txDb));
    await part('faqs', () => seedFaqs(txDb));
    await part('pages', () => seedPages(txDb));
    await part('catalogue', () => seedCatalogue(txDb));
    const programSeats = await part('programs', () => seedPrograms(txDb));
    await part('home', () => seedHome(txDb));
    await part('inquiries', () => seedInquiries(txDb));
    const rituals = await part('rituals', () => seedRituals(txDb));
    const sessions = await part('ritual sessions', () => seedRitualSessions(txDb, rituals.running));
    await part('room progress', () => seedRoomProgress(txDb, sessions));
    await part('rooms', () => seedRooms(txDb, sessions.currentId));
    await part('square', () => seedSquare(txDb));
    await part('notifications', () => seedNotifications(txDb));
    await part('off the record', () => seedOffTheRecords(txDb));
    await part('ritual applicants', () => seedRitualApplicants(txDb, [...rituals.seatsTaken, ...programSeats]));
    await part('store', () => seedStore(txDb));
    await part('coupons', () => seedCoupons(txDb));
    // Last: the index covers whatever the seeds above wrote.
    await part('search index', () => rebuildSearchIndex(txDb));
  });
}
