import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seoulMonthOf, shiftMonth } from '../../src/lib/program-calendar.ts';
import type { OneDayProgramItem, ProgramEventItem } from '../../src/lib/programs.ts';
import { ritualSessions } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { oneDayProgramResource } from '../../src/server/modules/programs/resource.ts';
import { listOneDayPrograms } from '../../src/server/modules/programs/service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

let programs: OneDayProgramItem[];
let events: ProgramEventItem[];
const now = new Date();

beforeAll(async () => {
  await seedDemoData(db(), { production: false });
  programs = (await listOneDayPrograms(db(), now)).map(oneDayProgramResource);
  const guest = createTestApp(db()).client();
  const thisMonth = seoulMonthOf(now);
  events = [];
  for (const offset of [0, 1, 2]) {
    const { year, month } = shiftMonth(thisMonth, offset);
    const res = await guest.get(`/api/program-events?year=${year}&month=${month}`);
    events.push(...(res.body as { data: ProgramEventItem[] }).data);
  }
});

describe('the demo one-day programmes', () => {
  it('are six, each with a theme, a cover that exists and two to four events over three months', () => {
    expect(programs).toHaveLength(6);
    for (const program of programs) {
      expect(program.theme).not.toBeNull();
      expect(program.cover_image_alt.length).toBeGreaterThan(10);
      expect(existsSync(resolve('public', program.cover_image_url.slice(1))), program.cover_image_url).toBe(true);
      const own = events.filter((event) => event.ritual_id === program.id);
      expect(own.length, program.title).toBeGreaterThanOrEqual(2);
      expect(own.length, program.title).toBeLessThanOrEqual(4);
    }
    const months = new Set(events.map((event) => seoulMonthOf(event.starts_at).month));
    expect(months.size).toBe(3);
  });

  it('take 25,000 to 45,000원, last two to three hours, meet in Seoul, and one is already full', () => {
    for (const event of events) {
      expect(event.price).toBeGreaterThanOrEqual(25_000);
      expect(event.price).toBeLessThanOrEqual(45_000);
      const hours = (Date.parse(event.ends_at) - Date.parse(event.starts_at)) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(2);
      expect(hours).toBeLessThanOrEqual(3);
      expect(event.place).toMatch(/^서울 /);
    }
    expect(events.filter((event) => event.seats_left === 0 && Date.parse(event.starts_at) > now.getTime())).toHaveLength(1);
  });

  it('meet in groups of 6 to 20, as every session does', async () => {
    const sessionIds = events.map((event) => event.ritual_session_id);
    const rows = await db().select({ capacity: ritualSessions.capacity }).from(ritualSessions).where(inArray(ritualSessions.id, sessionIds));
    expect(rows).toHaveLength(events.length);
    for (const row of rows) {
      expect(row.capacity).toBeGreaterThanOrEqual(6);
      expect(row.capacity).toBeLessThanOrEqual(20);
    }
  });
});
