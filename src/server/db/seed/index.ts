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

/** The demo data of API-CONVENTIONS.md, in one transaction: all of it or none. */
export async function seedDemoData(db: Db, options: { production: boolean; appKey?: string }): Promise<void> {
  if (options.production) throw new DemoSeedRefused();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await seedDemoMembers(txDb);
    await seedDemoAdmin(txDb, options.appKey ?? DEVELOPMENT_APP_KEY);
    await seedBanners(txDb);
    await seedNotices(txDb);
    await seedFaqs(txDb);
    await seedPages(txDb);
    await seedCatalogue(txDb);
    const programSeats = await seedPrograms(txDb);
    await seedHome(txDb);
    await seedInquiries(txDb);
    const rituals = await seedRituals(txDb);
    const sessions = await seedRitualSessions(txDb, rituals.running);
    await seedRoomProgress(txDb, sessions);
    await seedRooms(txDb, sessions.currentId);
    await seedSquare(txDb);
    await seedNotifications(txDb);
    await seedOffTheRecords(txDb);
    await seedRitualApplicants(txDb, [...rituals.seatsTaken, ...programSeats]);
    await seedStore(txDb);
    await seedCoupons(txDb);
    // Last: the index covers whatever the seeds above wrote.
    await rebuildSearchIndex(txDb);
  });
}
