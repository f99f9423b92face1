import { beforeAll, describe, expect, it } from 'vitest';
import { seoulMonthOf } from '../../src/lib/program-calendar.ts';
import type { ProgramEventItem } from '../../src/lib/programs.ts';
import type { Db } from '../../src/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { badges, ritualBadges, ritualSessions, ritualSessionUsers } from '../../src/server/db/schema/index.ts';
import { oneDayProgramResource } from '../../src/server/modules/programs/resource.ts';
import { PROGRAM_MESSAGES } from '../../src/server/modules/programs/schema.ts';
import { listOneDayPrograms } from '../../src/server/modules/programs/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createProgram, createProgramEvent } from '../helpers/program-factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import type { QueryCounter } from '../helpers/query-counter.ts';
import { planOf } from '../helpers/query-plans.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

let counter: QueryCounter;
let guest: TestClient;

beforeAll(() => {
  counter = countQueries(db(), testDb().kind);
  guest = createTestApp(counter.db).client();
});

const seoul = (local: string): Date => new Date(`${local}+09:00`);

async function eventsOf(query: string): Promise<ProgramEventItem[]> {
  const res = await guest.get(`/api/program-events${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: ProgramEventItem[] }).data;
}

describe('GET /api/program-events', () => {
  it('lists a month by its Seoul days: 23:30 on the last day is that month, midnight the next', async () => {
    const program = await createProgram(db(), { title: '달의 경계 클래스' });
    const lastEvening = await createProgramEvent(db(), program.id, { startsAt: seoul('2030-11-30T23:30:00'), hours: 1 });
    const firstMidnight = await createProgramEvent(db(), program.id, { startsAt: seoul('2030-12-01T00:00:00') });
    const yearsEnd = await createProgramEvent(db(), program.id, { startsAt: seoul('2030-12-31T23:30:00') });
    const newYear = await createProgramEvent(db(), program.id, { startsAt: seoul('2031-01-01T00:30:00') });

    expect((await eventsOf('?year=2030&month=11')).map((e) => e.ritual_session_id)).toEqual([lastEvening.id]);
    expect((await eventsOf('?year=2030&month=12')).map((e) => e.ritual_session_id)).toEqual([firstMidnight.id, yearsEnd.id]);
    expect((await eventsOf('?year=2031&month=1')).map((e) => e.ritual_session_id)).toEqual([newYear.id]);
    // A leading zero names the same month.
    expect((await eventsOf('?year=2031&month=01')).map((e) => e.ritual_session_id)).toEqual([newYear.id]);
  });

  it('answers each event with its programme, time, place, price and seats', async () => {
    const program = await createProgram(db(), { title: '저널링 워크숍', coverImageUrl: '/images/programs/journaling.webp', themeId: null });
    const session = await createProgramEvent(db(), program.id, {
      startsAt: seoul('2032-03-07T14:00:00'),
      hours: 3,
      capacity: 12,
      price: 30_000,
      place: '서울 종로구 서촌 리추얼 스튜디오',
    });
    const [event] = await eventsOf('?year=2032&month=3');
    expect(event).toEqual({
      id: expect.any(Number),
      ritual_id: program.id,
      ritual_session_id: session.id,
      title: '다도 명상 오후반',
      starts_at: '2032-03-07T05:00:00.000000Z',
      ends_at: '2032-03-07T08:00:00.000000Z',
      place: '서울 종로구 서촌 리추얼 스튜디오',
      capacity: 12,
      seats_left: 12,
      price: 30_000,
      ritual_title: '저널링 워크숍',
      cover_image_url: '/images/programs/journaling.webp',
      cover_image_alt: '찻잔 그림',
      theme: null,
      recruit_state: 'open',
    });
  });

  it('says whether each event still takes applications, so no card offers seats nobody can book', async () => {
    const program = await createProgram(db(), { title: '아침 요가' });
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const closing = await createProgramEvent(db(), program.id, { startsAt: tomorrow });
    await db()
      .update(ritualSessions)
      .set({ recruitEndsAt: new Date(Date.now() - 3600_000) })
      .where(eq(ritualSessions.id, closing.id));
    const month = seoulMonthOf(tomorrow);
    const [event] = (await eventsOf(`?year=${month.year}&month=${month.month}`)).filter((each) => each.ritual_session_id === closing.id);
    expect(event).toMatchObject({ seats_left: 10, recruit_state: 'closed' });
    const [listed] = (await listOneDayPrograms(db())).filter((each) => each.id === program.id).map(oneDayProgramResource);
    expect(listed!.next_event).toMatchObject({ ritual_session_id: closing.id, recruit_state: 'closed' });
  });

  it('is the current Seoul month without a year and month', async () => {
    const current = seoulMonthOf(Date.now());
    const program = await createProgram(db());
    const mm = String(current.month).padStart(2, '0');
    const session = await createProgramEvent(db(), program.id, { startsAt: seoul(`${current.year}-${mm}-15T10:00:00`) });
    const res = await guest.get('/api/program-events');
    expect(res.status).toBe(200);
    expect((res.body as { meta: unknown }).meta).toEqual(current);
    expect((res.body as { data: ProgramEventItem[] }).data.map((e) => e.ritual_session_id)).toContain(session.id);
  });

  it.each([
    ['year', '?year=99&month=1'],
    ['year', '?year=1999&month=1'],
    ['year', '?year=2101&month=1'],
    ['year', '?year=20260&month=1'],
    ['year', '?year=abcd&month=1'],
    ['year', '?year=2e03&month=1'],
    ['year', '?year=&month=1'],
    ['year', '?year=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96&month=1'],
    ['month', '?year=2026&month=0'],
    ['month', '?year=2026&month=13'],
    ['month', '?year=2026&month=1.5'],
    ['month', '?year=2026&month=-1'],
    ['month', '?year=2026&month=december'],
  ])('answers 422 with a Korean message for a bad %s (%s)', async (field, query) => {
    const res = await guest.get(`/api/program-events${query}`);
    expect(res.status).toBe(422);
    const errors = (res.body as { errors: Record<string, string[]> }).errors;
    expect(errors[field]).toEqual([PROGRAM_MESSAGES[field as 'year' | 'month']]);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('leaves out unpublished programmes and sessions, monthly rituals and sessions without an event', async () => {
    const startsAt = seoul('2033-05-10T14:00:00');
    const shown = await createProgramEvent(db(), (await createProgram(db())).id, { startsAt });
    await createProgramEvent(db(), (await createProgram(db(), { isPublished: false })).id, { startsAt });
    await createProgramEvent(db(), (await createProgram(db())).id, { startsAt, isPublished: false });
    await createProgramEvent(db(), (await createProgram(db(), { type: 'monthly' })).id, { startsAt });
    await createProgramEvent(db(), (await createProgram(db())).id, { startsAt, withoutEvent: true });
    expect((await eventsOf('?year=2033&month=5')).map((e) => e.ritual_session_id)).toEqual([shown.id]);
  });

  it('counts seats as members join; the host takes none, and a full session shows none left', async () => {
    const program = await createProgram(db());
    const session = await createProgramEvent(db(), program.id, { startsAt: seoul('2034-02-14T19:00:00'), capacity: 2 });
    const seats = async () => (await eventsOf('?year=2034&month=2'))[0]!.seats_left;
    const join = async (role: 'host' | 'member') =>
      db()
        .insert(ritualSessionUsers)
        .values({ ritualSessionId: session.id, userId: (await createMember(db())).id, role });

    expect(await seats()).toBe(2);
    await join('host');
    expect(await seats()).toBe(2);
    await join('member');
    expect(await seats()).toBe(1);
    await join('member');
    expect(await seats()).toBe(0);
    // Staff seating one more than the room holds is still no seat, not a negative one.
    await join('member');
    expect(await seats()).toBe(0);
  });

  it('sends one statement whatever the number of events, over the sessions’ start index', async () => {
    const program = await createProgram(db());
    await createProgramEvent(db(), program.id, { startsAt: seoul('2035-06-03T10:00:00') });
    for (let day = 1; day <= 28; day++) {
      const session = await createProgramEvent(db(), program.id, { startsAt: seoul(`2035-07-${String(day).padStart(2, '0')}T10:00:00`) });
      await db().insert(ritualSessionUsers).values({ ritualSessionId: session.id, userId: (await createMember(db())).id });
    }
    const few = await counter.during(() => eventsOf('?year=2035&month=6'));
    let listed = 0;
    const many = await counter.during(async () => {
      listed = (await eventsOf('?year=2035&month=7')).length;
    });
    expect(listed).toBe(28);
    expect(many.length).toBe(few.length);
    const reads = many.filter((statement) => /ritual_sessions/.test(statement.sql));
    expect(reads).toHaveLength(1);
    // The month's range is read from an index that holds the start: the sessions' own, or the
    // programme's (ritual, start) one, which the planner prefers while programmes are few.
    const nodes = await planOf(db(), reads[0]!, ['enable_seqscan = off']);
    const sessionScans = nodes.filter((node) => node['Relation Name'] === 'ritual_sessions');
    expect(sessionScans.map((node) => node['Index Name'])).toEqual([expect.stringMatching(/^ritual_sessions_(starts|ritual)_idx$/)]);
  });
});

describe('the one-day programmes of the program page', () => {
  it('lists published programmes in order, each with its badges and first event still to come', async () => {
    const now = seoul('2040-04-10T12:00:00');
    const [badge] = await db()
      .insert(badges)
      .values({ name: '인기', textColor: '#ffffff', backgroundColor: '#9a3412' })
      .returning();
    const later = await createProgram(db(), { title: '나중 순서', sortOrder: 9_002 });
    const first = await createProgram(db(), { title: '첫 순서', sortOrder: 9_001 });
    await createProgram(db(), { title: '숨긴 프로그램', sortOrder: 9_000, isPublished: false });
    await createProgram(db(), { title: '월간 리추얼', sortOrder: 9_000, type: 'monthly' });
    await db().insert(ritualBadges).values({ ritualId: first.id, badgeId: badge!.id });
    await createProgramEvent(db(), first.id, { startsAt: seoul('2040-04-09T14:00:00') });
    await createProgramEvent(db(), first.id, { startsAt: seoul('2040-04-11T14:00:00'), isPublished: false });
    const next = await createProgramEvent(db(), first.id, { startsAt: seoul('2040-04-12T14:00:00'), capacity: 3 });
    await createProgramEvent(db(), first.id, { startsAt: seoul('2040-05-01T14:00:00') });
    await db().insert(ritualSessionUsers).values({ ritualSessionId: next.id, userId: (await createMember(db())).id });

    let listed: Awaited<ReturnType<typeof listOneDayPrograms>> = [];
    const statements = await counter.during(async () => {
      listed = await listOneDayPrograms(counter.db, now);
    });
    const ours = listed.filter((program) => program.id === first.id || program.id === later.id).map(oneDayProgramResource);
    expect(ours.map((program) => program.title)).toEqual(['첫 순서', '나중 순서']);
    expect(listed.map((program) => program.title)).not.toContain('숨긴 프로그램');
    expect(listed.map((program) => program.title)).not.toContain('월간 리추얼');
    expect(ours[0]!.badges.map((b) => b.name)).toEqual(['인기']);
    expect(ours[0]!.next_event).toMatchObject({ ritual_session_id: next.id, seats_left: 2, starts_at: '2040-04-12T05:00:00.000000Z' });
    expect(ours[1]!.next_event).toBeNull();
    // Programmes, their next events and their badges: three statements however many there are.
    expect(statements).toHaveLength(3);
  });
});
