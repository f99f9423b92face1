import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import {
  badges,
  mains,
  ritualBadges,
  ritualSessionTitles,
  ritualSessions,
  ritualSessionUsers,
  rituals,
  themes,
} from '../../src/server/db/schema/index.ts';
import { rebuildSearchIndex } from '../../src/server/modules/search/service.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
let guest: TestClient;

const DAY = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

let mind = 0;
let body = 0;
let badgeId = 0;
let titleId = 0;

beforeAll(async () => {
  guest = createTestApp(db()).client();
  const [mindTheme, bodyTheme] = await db()
    .insert(themes)
    .values([
      { name: '마음 돌보기', description: '마음', sortOrder: 1 },
      { name: '몸 깨우기', description: '몸', sortOrder: 2 },
    ])
    .returning({ id: themes.id });
  mind = mindTheme!.id;
  body = bodyTheme!.id;
  const [badge] = await db().insert(badges).values({ name: 'NEW', textColor: '#fff', backgroundColor: '#c2410c' }).returning({ id: badges.id });
  badgeId = badge!.id;
  const [title] = await db().insert(ritualSessionTitles).values({ title: '2026년 12월 리추얼', startsAt: inDays(10) }).returning();
  titleId = title!.id;
});

beforeEach(async () => {
  await db().delete(rituals);
  await db().delete(ritualSessions);
});

interface RitualSeed {
  title?: string;
  type?: 'monthly' | 'one_day';
  themeId?: number | null;
  isPublished?: boolean;
  sortOrder?: number;
}

async function createRitual(seed: RitualSeed = {}): Promise<number> {
  const [row] = await db()
    .insert(rituals)
    .values({
      type: seed.type ?? 'monthly',
      title: seed.title ?? '아침 10분 명상',
      summary: '하루를 차분하게 열어요.',
      descriptionHtml: '<p>소개</p>',
      howItGoesHtml: '<ol><li>명상해요.</li></ol>',
      coverImageUrl: '/images/rituals/mind-1.webp',
      coverImageAlt: '동심원 일러스트',
      themeId: seed.themeId === undefined ? mind : seed.themeId,
      hostName: '김하늘',
      hostIntroduction: '명상 안내자예요.',
      sortOrder: seed.sortOrder ?? 0,
      isPublished: seed.isPublished ?? true,
    })
    .returning({ id: rituals.id });
  return row!.id;
}

async function createSession(
  ritualId: number,
  { startsIn = 10, capacity = 6, price = 45_000, recruitStartsIn = -2, recruitEndsIn = 7, isPublished = true } = {},
): Promise<number> {
  const [row] = await db()
    .insert(ritualSessions)
    .values({
      ritualId,
      ritualSessionTitleId: titleId,
      title: '12월 아침 10분 명상',
      startsAt: inDays(startsIn),
      endsAt: inDays(startsIn + 27),
      capacity,
      price,
      recruitStartsAt: inDays(recruitStartsIn),
      recruitEndsAt: inDays(recruitEndsIn),
      isPublished,
    })
    .returning({ id: ritualSessions.id });
  return row!.id;
}

async function join(sessionId: number, role: 'host' | 'member') {
  const member = await createMember(db());
  await db().insert(ritualSessionUsers).values({ ritualSessionId: sessionId, userId: member.id, role });
}

describe('GET /api/rituals', () => {
  it('lists published rituals in order, page by page, with their next session', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await createRitual({ title: `리추얼 ${index + 1}`, sortOrder: index }));
    await createRitual({ title: '준비 중인 리추얼', isPublished: false });
    const sessionId = await createSession(ids[0]!, { capacity: 8 });
    await createSession(ids[0]!, { startsIn: 40, recruitStartsIn: 20, recruitEndsIn: 37 });
    await db().insert(ritualBadges).values({ ritualId: ids[0]!, badgeId });

    const first = await guest.get('/api/rituals?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(first.body.data.map((item: { id: number }) => item.id)).toEqual(ids.slice(0, 2));
    expect(first.body.data[0]).toMatchObject({
      title: '리추얼 1',
      type: 'monthly',
      theme: { id: mind, name: '마음 돌보기' },
      badges: [{ id: badgeId, name: 'NEW' }],
      open_sessions_count: 2,
      next_session: { id: sessionId, capacity: 8, seats_left: 8, price: 45_000, weeks: 4, recruit_state: 'open' },
    });
    expect(first.body.data[1].next_session).toBeNull();

    const last = await guest.get('/api/rituals?per_page=2&page=3');
    expect(last.body.data.map((item: { id: number }) => item.id)).toEqual([ids[4]]);
    expect((await guest.get('/api/rituals?page=9')).body.data).toEqual([]);
  });

  it('filters by type and by theme', async () => {
    const monthly = await createRitual({ title: '월간', themeId: mind });
    const oneDay = await createRitual({ title: '원데이', type: 'one_day', themeId: body });
    const ids = async (query: string) => (await guest.get(`/api/rituals?${query}`)).body.data.map((item: { id: number }) => item.id);
    expect(await ids('type=monthly')).toEqual([monthly]);
    expect(await ids('type=one_day')).toEqual([oneDay]);
    expect(await ids(`theme_id=${body}`)).toEqual([oneDay]);
    expect(await ids(`type=monthly&theme_id=${body}`)).toEqual([]);
    expect(await ids('theme_id=')).toEqual([monthly, oneDay]);
  });

  it('finds rituals by words inside their texts (q) through the search index, within a type', async () => {
    const meditation = await createRitual({ title: '저녁 명상 일기' });
    const walking = await createRitual({ title: '만 보 걷기' });
    const oneDay = await createRitual({ title: '차 명상 클래스', type: 'one_day' });
    await createRitual({ title: '숨긴 명상', isPublished: false });
    await rebuildSearchIndex(db());
    const ids = async (query: string) => (await guest.get(`/api/rituals?${query}`)).body.data.map((item: { id: number }) => item.id);
    // Every fixture's how-it-goes says 명상해요: found inside a word of the text, the hidden one left out.
    expect(await ids(`q=${encodeURIComponent('명상')}`)).toEqual([meditation, walking, oneDay]);
    expect(await ids(`type=one_day&q=${encodeURIComponent('명상')}`)).toEqual([oneDay]);
    expect(await ids(`q=${encodeURIComponent('일기')}`)).toEqual([meditation]);
    expect(await ids(`type=monthly&q=${encodeURIComponent('걷기')}`)).toEqual([walking]);
    const none = await guest.get(`/api/rituals?q=${encodeURIComponent('요가')}`);
    expect(none.body).toMatchObject({ data: [], meta: { total: 0, current_page: 1 } });
    expect(await ids(`q=${encodeURIComponent("%' or 1=1 --")}`)).toEqual([]);
    expect(await ids('q=')).toHaveLength(3);
  });

  it('answers 422 with a Korean message for a bad type, theme or page', async () => {
    const cases: Array<[string, string]> = [
      ['type=weekly', 'type'],
      ['theme_id=abc', 'theme_id'],
      ['theme_id=0', 'theme_id'],
      ['theme_id=999999', 'theme_id'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=51', 'per_page'],
      [`q=${encodeURIComponent('명')}`, 'q'],
      [`q=${'가'.repeat(51)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await guest.get(`/api/rituals?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field]?.[0], query).toMatch(/[가-힣]/);
    }
  });

  it('reads the same number of queries for three rituals as for thirty', async () => {
    const counter = countQueries(db(), testDb().kind);
    const counted = createTestApp(counter.db).client();
    const fill = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const id = await createRitual({ title: `리추얼 ${index}`, sortOrder: index });
        const sessionId = await createSession(id);
        await join(sessionId, 'member');
      }
    };
    const queriesFor = async (path: string) => (await counter.during(async () => expect((await counted.get(path)).status).toBe(200))).length;

    await fill(3);
    const few = { list: await queriesFor('/api/rituals?per_page=50'), explorer: await queriesFor('/api/explorers') };
    await fill(27);
    const many = { list: await queriesFor('/api/rituals?per_page=50'), explorer: await queriesFor('/api/explorers') };
    expect(many).toEqual(few);
    expect(few.list).toBeLessThanOrEqual(4);
  });
});

describe('GET /api/rituals/{id}', () => {
  it('answers the ritual with its open sessions and the next open one chosen', async () => {
    const id = await createRitual();
    // Over, running, recruiting later, and recruiting now: only the last two are open.
    await createSession(id, { startsIn: -40, recruitStartsIn: -60, recruitEndsIn: -43 });
    await createSession(id, { startsIn: -5, recruitStartsIn: -20, recruitEndsIn: -8 });
    const later = await createSession(id, { startsIn: 40, recruitStartsIn: 20, recruitEndsIn: 37 });
    const soon = await createSession(id, { startsIn: 10 });
    await createSession(id, { startsIn: 12, isPublished: false });

    const res = await guest.get(`/api/rituals/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      description_html: '<p>소개</p>',
      how_it_goes_html: '<ol><li>명상해요.</li></ol>',
      host_name: '김하늘',
      host_introduction: '명상 안내자예요.',
    });
    expect(res.body.data.sessions.map((s: { id: number; recruit_state: string }) => [s.id, s.recruit_state])).toEqual([
      [soon, 'open'],
      [later, 'upcoming'],
    ]);
    expect(res.body.data.selected_session.id).toBe(soon);
    // Public facts only: nothing about who joined.
    expect(Object.keys(res.body.data.selected_session)).not.toContain('members');

    const chosen = await guest.get(`/api/rituals/${id}?ritualSessionId=${later}`);
    expect(chosen.body.data.selected_session).toMatchObject({ id: later, recruit_state: 'upcoming' });
  });

  it('hides an unpublished or unknown ritual (404), and a session that is not one of its published ones', async () => {
    const hidden = await createRitual({ isPublished: false });
    await createSession(hidden);
    const id = await createRitual({ title: '다른 리추얼' });
    const unpublished = await createSession(id, { isPublished: false });
    const other = await createSession(await createRitual({ title: '세 번째' }));

    for (const path of [`/api/rituals/${hidden}`, '/api/rituals/999999', '/api/rituals/abc']) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('리추얼을 찾을 수 없어요.');
    }
    for (const sid of [other, unpublished, 999_999]) {
      const res = await guest.get(`/api/rituals/${id}?ritualSessionId=${sid}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('이 리추얼에서 찾으시는 일정을 찾을 수 없어요.');
    }
    const malformed = await guest.get(`/api/rituals/${id}?ritualSessionId=abc`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.ritualSessionId[0]).toBe('기수 번호가 올바르지 않아요.');
  });

  it('answers the session asked for even when it no longer takes applications, never another in its place', async () => {
    const id = await createRitual({ type: 'one_day' });
    // Recruiting ended two days before a start tomorrow (the demo's morning yoga), one already held, and the next open one.
    const closing = await createSession(id, { startsIn: 1, recruitStartsIn: -40, recruitEndsIn: -1 });
    const held = await createSession(id, { startsIn: -30, recruitStartsIn: -70, recruitEndsIn: -32 });
    const open = await createSession(id, { startsIn: 29 });

    for (const sid of [closing, held]) {
      const res = await guest.get(`/api/rituals/${id}?ritualSessionId=${sid}`);
      expect(res.status).toBe(200);
      expect(res.body.data.selected_session).toMatchObject({ id: sid, recruit_state: 'closed' });
      // The others offered are those still open.
      expect(res.body.data.sessions.map((s: { id: number }) => s.id)).toEqual([open]);
    }
    const byDefault = await guest.get(`/api/rituals/${id}`);
    expect(byDefault.body.data.selected_session.id).toBe(open);
  });

  it('counts seats as the session fills, the host taking none, down to 마감 (full)', async () => {
    const id = await createRitual();
    const sessionId = await createSession(id, { capacity: 6 });
    const seats = async () => {
      const res = await guest.get(`/api/rituals/${id}`);
      return [res.body.data.selected_session.seats_left, res.body.data.selected_session.recruit_state];
    };
    expect(await seats()).toEqual([6, 'open']);
    await join(sessionId, 'host');
    expect(await seats()).toEqual([6, 'open']);
    for (let index = 0; index < 5; index += 1) await join(sessionId, 'member');
    expect(await seats()).toEqual([1, 'open']);
    await join(sessionId, 'member');
    expect(await seats()).toEqual([0, 'full']);
    const listed = await guest.get('/api/rituals');
    expect(listed.body.data[0].next_session).toMatchObject({ seats_left: 0, recruit_state: 'full' });
  });
});

describe('seasons and their sessions', () => {
  it('lists published session titles, newest first', async () => {
    await db().insert(ritualSessionTitles).values([
      { title: '2027년 1월 리추얼', startsAt: inDays(40) },
      { title: '숨긴 시즌', startsAt: inDays(70), isPublished: false },
    ]);
    const res = await guest.get('/api/ritual-session-titles');
    expect(res.status).toBe(200);
    expect(res.body.data.map((title: { title: string }) => title.title)).toEqual(['2027년 1월 리추얼', '2026년 12월 리추얼']);
  });

  it("lists a season's sessions of published rituals without their members", async () => {
    const id = await createRitual();
    const shown = await createSession(id);
    await join(shown, 'member');
    await createSession(await createRitual({ title: '숨긴 리추얼', isPublished: false }));
    await createSession(id, { isPublished: false });

    const res = await guest.get(`/api/ritual-sessions?ritual_session_title_id=${titleId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: shown, seats_left: 5, ritual: { id, type: 'monthly', title: '아침 10분 명상' } });
    expect(JSON.stringify(res.body.data)).not.toMatch(/user|member_/);

    expect((await guest.get('/api/ritual-sessions?ritual_session_title_id=999999')).status).toBe(404);
    for (const query of ['', '?ritual_session_title_id=abc']) {
      const bad = await guest.get(`/api/ritual-sessions${query}`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.ritual_session_title_id[0]).toBe('시즌을 선택해 주세요.');
    }
  });
});

describe('GET /api/explorers', () => {
  it('shelves rituals about to fill, new this season, and by theme', async () => {
    const seasoned = await createRitual({ title: '지난 시즌부터', sortOrder: 1 });
    await createSession(seasoned, { startsIn: -5, recruitStartsIn: -20, recruitEndsIn: -8 });
    const almostFull = await createSession(seasoned, { capacity: 6 });
    for (let index = 0; index < 4; index += 1) await join(almostFull, 'member');
    const fresh = await createRitual({ title: '새 리추얼', themeId: body, sortOrder: 2 });
    await createSession(fresh, { capacity: 12 });
    await createRitual({ title: '기수 없는 리추얼', sortOrder: 3 });
    await createSession(await createRitual({ title: '원데이', type: 'one_day' }));

    const res = await guest.get('/api/explorers');
    expect(res.status).toBe(200);
    const shelves = Object.fromEntries(
      res.body.data.map((section: { key: string; title: string; items: Array<{ title: string }> }) => [
        section.key,
        [section.title, section.items.map((item) => item.title)],
      ]),
    );
    expect(shelves).toEqual({
      closing_soon: ['마감 임박', ['지난 시즌부터']],
      new_this_season: ['이번 시즌 새 리추얼', ['새 리추얼']],
      [`theme_${mind}`]: ['마음 돌보기', ['지난 시즌부터']],
      [`theme_${body}`]: ['몸 깨우기', ['새 리추얼']],
    });
  });
});

describe('the home (GET /api/mains/current)', () => {
  it("carries the season's published monthly rituals with their next session", async () => {
    await db().insert(mains).values({ title: '이번 달 메인', publishedAt: inDays(-1) });
    const monthly = await createRitual({ title: '월간' });
    const sessionId = await createSession(monthly);
    await createRitual({ title: '원데이', type: 'one_day' });
    await createRitual({ title: '숨긴', isPublished: false });
    const res = await guest.get('/api/mains/current');
    expect(res.status).toBe(200);
    expect(res.body.data.rituals).toHaveLength(1);
    expect(res.body.data.rituals[0]).toMatchObject({ id: monthly, title: '월간', next_session: { id: sessionId, seats_left: 6 } });
  });
});
