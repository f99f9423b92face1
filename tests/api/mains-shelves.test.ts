import { beforeEach, describe, expect, it } from 'vitest';
import type { OffTheRecordItem } from '../../src/lib/off-the-record.ts';
import type { OneDayProgramItem } from '../../src/lib/programs.ts';
import type { Db } from '../../src/server/db/client.ts';
import { mains, offTheRecords, ritualSessionUsers, rituals } from '../../src/server/db/schema/index.ts';
import { HOME_PROGRAM_COUNT, HOME_RECORD_COUNT } from '../../src/server/modules/content/main-service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { createRecord, createRecordCategory, createRitual } from '../helpers/record-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

beforeEach(async () => {
  await db().delete(mains);
  await db().delete(offTheRecords);
  await db().delete(rituals);
  await db().insert(mains).values({ title: '이번 달 메인', publishedAt: new Date(Date.now() - HOUR) });
});

// A new app each time: its home reader keeps what it read for a few seconds.
async function currentHome(app = createTestApp(db())) {
  const res = await app.client().get('/api/mains/current');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { programs: OneDayProgramItem[]; off_the_records: OffTheRecordItem[] };
}

async function fillSession(sessionId: number, members: number) {
  for (let index = 0; index < members; index += 1) {
    const user = await createMember(db());
    await db().insert(ritualSessionUsers).values({ ritualSessionId: sessionId, userId: user.id, role: 'member' });
  }
}

describe('GET /api/mains/current: one-day programmes', () => {
  it('lists the published programmes that meet soonest, with date, place and seats, full ones as 0 seats', async () => {
    const later = await createProgram(db(), { title: '나중 클래스' });
    const laterEvent = await createProgramEvent(db(), later.id, { startsAt: inDays(5), capacity: 2, place: '서울 성동구 성수동 리추얼 하우스' });
    await fillSession(laterEvent.id, 2);
    // The host takes no seat.
    const host = await createMember(db());
    await db().insert(ritualSessionUsers).values({ ritualSessionId: laterEvent.id, userId: host.id, role: 'host' });
    const soon = await createProgram(db(), { title: '곧 클래스' });
    const soonEvent = await createProgramEvent(db(), soon.id, { startsAt: inDays(2), capacity: 8 });
    await fillSession(soonEvent.id, 3);
    await createProgramEvent(db(), soon.id, { startsAt: inDays(9) });

    const { programs } = await currentHome();
    expect(programs.map((program) => program.title)).toEqual(['곧 클래스', '나중 클래스']);
    expect(programs[0]!.next_event).toMatchObject({ ritual_session_id: soonEvent.id, seats_left: 5, place: '서울 마포구 연남동 리추얼 라운지' });
    expect(programs[1]!.next_event).toMatchObject({
      ritual_session_id: laterEvent.id,
      starts_at: expect.stringMatching(/Z$/),
      seats_left: 0,
      place: '서울 성동구 성수동 리추얼 하우스',
    });
  });

  it('never shows a hidden programme, an unpublished event, a past one or a monthly ritual', async () => {
    const hidden = await createProgram(db(), { title: '숨긴 클래스', isPublished: false });
    await createProgramEvent(db(), hidden.id, { startsAt: inDays(3) });
    const draftEvent = await createProgram(db(), { title: '미공개 일정 클래스' });
    await createProgramEvent(db(), draftEvent.id, { startsAt: inDays(3), isPublished: false });
    const over = await createProgram(db(), { title: '지난 클래스' });
    await createProgramEvent(db(), over.id, { startsAt: inDays(-3) });
    await createProgram(db(), { title: '일정 없는 클래스' });
    const monthly = await createRitual(db(), { title: '월간 리추얼' });
    await createProgramEvent(db(), monthly.id, { startsAt: inDays(3), withoutEvent: true });
    const open = await createProgram(db(), { title: '열린 클래스' });
    await createProgramEvent(db(), open.id, { startsAt: inDays(4) });

    const home = await currentHome();
    expect(home.programs.map((program) => program.title)).toEqual(['열린 클래스']);
    expect(JSON.stringify(home)).not.toMatch(/숨긴 클래스|미공개 일정 클래스|지난 클래스|일정 없는 클래스/);
  });

  it(`keeps to ${HOME_PROGRAM_COUNT} programmes`, async () => {
    for (let index = 0; index < HOME_PROGRAM_COUNT + 2; index += 1) {
      const program = await createProgram(db(), { title: `클래스 ${index}` });
      await createProgramEvent(db(), program.id, { startsAt: inDays(index + 1) });
    }
    const { programs } = await currentHome();
    expect(programs.map((program) => program.title)).toEqual(Array.from({ length: HOME_PROGRAM_COUNT }, (_, index) => `클래스 ${index}`));
  });
});

describe('GET /api/mains/current: off-the-record', () => {
  it(`lists the ${HOME_RECORD_COUNT} newest readable records, never a draft or a scheduled one`, async () => {
    const category = await createRecordCategory(db(), { name: '멤버 이야기' });
    for (let index = 0; index < HOME_RECORD_COUNT + 1; index += 1) {
      await createRecord(db(), category, { title: `이야기 ${index}`, publishedAt: new Date(Date.now() - (index + 1) * HOUR) });
    }
    await createRecord(db(), category, { title: '초안 이야기', publishedAt: null });
    await createRecord(db(), category, { title: '예약 이야기', publishedAt: inDays(1) });

    const home = await currentHome();
    expect(home.off_the_records.map((record) => record.title)).toEqual(
      Array.from({ length: HOME_RECORD_COUNT }, (_, index) => `이야기 ${index}`),
    );
    expect(home.off_the_records[0]).toMatchObject({ kind: 'record', category: { id: category.id, name: '멤버 이야기' }, cover_image_url: expect.any(String) });
    expect(home.off_the_records[0]).not.toHaveProperty('content_html');
    expect(JSON.stringify(home)).not.toMatch(/초안 이야기|예약 이야기/);
  });

  it('is an empty list, not a missing key, when nothing is readable', async () => {
    const home = await currentHome();
    expect(home.off_the_records).toEqual([]);
    expect(home.programs).toEqual([]);
  });
});

describe('GET /api/mains/current: the number of queries', () => {
  it('does not grow with the programmes and records there are', async () => {
    const counter = countQueries(db(), testDb().kind);
    const category = await createRecordCategory(db());
    const fill = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const program = await createProgram(db(), { title: `클래스 ${index}` });
        const event = await createProgramEvent(db(), program.id, { startsAt: inDays(index + 1) });
        await fillSession(event.id, 1);
        await createProgramEvent(db(), program.id, { startsAt: inDays(index + 20) });
        await createRecord(db(), category, { title: `이야기 ${index}` });
      }
    };
    const queries = async () => (await counter.during(() => currentHome(createTestApp(counter.db)))).length;

    await fill(1);
    const few = await queries();
    // The main, banners, notices, themes, the rituals, three for the programmes, two for the records.
    expect(few).toBeGreaterThanOrEqual(9);
    expect(few).toBeLessThanOrEqual(12);
    await fill(HOME_PROGRAM_COUNT * 3);
    expect(await queries()).toBe(few);
  });
});
