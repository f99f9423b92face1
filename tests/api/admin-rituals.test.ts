import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, badges, ritualSessionUsers, searchGrams } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeEach(async () => {
  await db().delete(auditLogs);
});

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const RITUAL = {
  type: 'monthly',
  title: '새벽 필사 리추얼',
  summary: '매일 아침 한 쪽씩 옮겨 적어요.',
  description_html: '<p>하루 한 쪽 필사</p><script>alert(1)</script>',
  how_it_goes_html: '<p>매일 인증해요.</p>',
  cover_image_url: '/images/rituals/handwriting.jpg',
  cover_image_alt: '노트에 필사하는 손',
  host_name: '김필사',
  host_introduction: '십 년째 필사하는 사람',
};

async function createSession(client: TestClient, overrides: Record<string, unknown> = {}) {
  const ritual = await client.post('/api/admin/rituals', { json: RITUAL });
  expect(ritual.status).toBe(201);
  const season = await client.post('/api/admin/ritual-session-titles', { json: { title: '다음 달 리추얼', starts_at: at(10) } });
  expect(season.status).toBe(201);
  const session = await client.post('/api/admin/ritual-sessions', {
    json: {
      ritual_id: ritual.body.data.id,
      ritual_session_title_id: season.body.data.id,
      title: '다음 달 새벽 필사',
      starts_at: at(10),
      ends_at: at(38),
      capacity: 2,
      price: 29_000,
      recruit_starts_at: at(-1),
      recruit_ends_at: at(9),
      ...overrides,
    },
  });
  expect(session.status).toBe(201);
  return { ritualId: ritual.body.data.id as number, sessionId: session.body.data.id as number };
}

describe('rituals and sessions in the console', () => {
  it('creates a ritual, a season and a session that a member finds, orders and pays for', async () => {
    const { user: staff, client } = await signedInStaff(db());
    const { ritualId, sessionId } = await createSession(client);

    const read = await guestClient(db()).get(`/api/rituals/${ritualId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('새벽 필사 리추얼');
    expect(read.body.data.description_html).not.toMatch(/script/);
    expect(read.body.data.sessions.map((session: { id: number }) => session.id)).toEqual([sessionId]);
    // The explorer's search finds it by a word of its text.
    expect(await db().select().from(searchGrams).where(and(eq(searchGrams.kind, 'ritual'), eq(searchGrams.itemId, ritualId)))).not.toHaveLength(0);
    const found = await guestClient(db()).get(`/api/explorer-search?q=${encodeURIComponent('필사')}`);
    expect(JSON.stringify(found.body)).toContain('새벽 필사 리추얼');

    const member = await signedInMember(db());
    expect((await member.client.post('/api/temp-cart-items', { json: { items: [{ ritual_session_id: sessionId }] } })).status).toBe(201);
    const order = await member.client.post('/api/orders', { json: { from_temp_cart: true } });
    expect(order.status).toBe(201);
    expect(order.body.data.amount).toBe(29_000);
    const paid = await member.client.post('/api/orders/confirm', { json: { order_id: order.body.data.order_number, payment_key: 'test_ok_1', amount: 29_000 } });
    expect(paid.status).toBe(200);
    const members = await client.get(`/api/admin/ritual-sessions/${sessionId}/members`);
    expect(members.body.data).toMatchObject([{ user_id: member.user.id, role: 'member' }]);

    // Unpublishing takes it out of the public page and the search index.
    expect((await client.request('PATCH', `/api/admin/rituals/${ritualId}`, { json: { is_published: false } })).status).toBe(200);
    expect((await guestClient(db()).get(`/api/rituals/${ritualId}`)).status).toBe(404);
    expect(await db().select().from(searchGrams).where(eq(searchGrams.itemId, ritualId))).toHaveLength(0);

    // A session with members, and a ritual with sessions, are not deleted.
    expect((await client.request('DELETE', `/api/admin/ritual-sessions/${sessionId}`)).status).toBe(409);
    expect((await client.request('DELETE', `/api/admin/rituals/${ritualId}`)).status).toBe(409);

    const trail = await db().select().from(auditLogs).orderBy(auditLogs.id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['create', 'ritual', staff.id],
      ['create', 'ritual_session_title', staff.id],
      ['create', 'ritual_session', staff.id],
      ['update', 'ritual', staff.id],
    ]);
  });

  it('answers impossible dates, prices and capacities with 422 in Korean', async () => {
    const { client } = await signedInStaff(db());
    const { ritualId, sessionId } = await createSession(client);
    const base = { ritual_id: ritualId, title: '세션', starts_at: at(10), ends_at: at(38), capacity: 10, price: 0 };
    const post = (overrides: Record<string, unknown>) => client.post('/api/admin/ritual-sessions', { json: { ...base, ...overrides } });

    const backwards = await post({ ends_at: at(9) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at).toEqual(['끝나는 시각은 시작 시각보다 뒤여야 해요.']);
    const lateRecruiting = await post({ recruit_starts_at: at(1), recruit_ends_at: at(11) });
    expect(lateRecruiting.body.errors.recruit_ends_at).toEqual(['모집은 세션이 시작하기 전에 끝나야 해요.']);
    const reversedRecruiting = await post({ recruit_starts_at: at(5), recruit_ends_at: at(4) });
    expect(reversedRecruiting.body.errors.recruit_ends_at).toEqual(['모집 마감은 모집 시작보다 뒤여야 해요.']);
    const negative = await post({ price: -1, capacity: 0 });
    expect(negative.body.errors.price).toEqual(['가격은 0원 이상이어야 해요.']);
    expect(negative.body.errors.capacity).toEqual(['정원은 1명 이상이어야 해요.']);
    const noRitual = await post({ ritual_id: 999_999 });
    expect(noRitual.body.errors.ritual_id).toEqual(['리추얼을 찾을 수 없어요.']);

    // An update is checked against the stored session: moving the start before its recruiting's end.
    const moved = await client.request('PATCH', `/api/admin/ritual-sessions/${sessionId}`, { json: { starts_at: at(8), ends_at: at(30) } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.recruit_ends_at).toEqual(['모집은 세션이 시작하기 전에 끝나야 해요.']);

    const [first, second] = [await createMember(db()), await createMember(db())];
    for (const user of [first!, second!]) expect((await client.post(`/api/admin/ritual-sessions/${sessionId}/members`, { json: { user_id: user.id } })).status).toBe(201);
    const shrunk = await client.request('PATCH', `/api/admin/ritual-sessions/${sessionId}`, { json: { capacity: 1 } });
    expect(shrunk.status).toBe(422);
    expect(shrunk.body.errors.capacity).toEqual(['이미 2명이 참여하고 있어요. 정원은 2명 이상이어야 해요.']);

    const badRitual = await client.post('/api/admin/rituals', { json: { ...RITUAL, type: 'weekly', title: ' ', cover_image_url: 'javascript:alert(1)' } });
    expect(badRitual.status).toBe(422);
    expect(badRitual.body.errors.title).toEqual(['제목을 입력해 주세요.']);
    expect(badRitual.body.errors.type).toHaveLength(1);
    expect(badRitual.body.errors.cover_image_url).toEqual(['대표 이미지 주소가 올바른 주소가 아니에요.']);
  });

  it('adds members up to the capacity, removes one with a reason and moves the host, each audited', async () => {
    const { user: staff, client } = await signedInStaff(db());
    const { sessionId } = await createSession(client, { capacity: 2 });
    const [ann, ben, cho] = [await createMember(db()), await createMember(db()), await createMember(db())];
    const add = (userId: number, role?: string) => client.post(`/api/admin/ritual-sessions/${sessionId}/members`, { json: { user_id: userId, ...(role ? { role } : {}) } });

    expect((await add(ann!.id)).status).toBe(201);
    expect((await add(ben!.id)).status).toBe(201);
    const full = await add(cho!.id);
    expect(full.status).toBe(422);
    expect(full.body.errors.user_id).toEqual(['정원이 찼어요. 정원을 늘린 뒤 추가해 주세요.']);
    expect((await add(ann!.id)).body.errors.user_id).toEqual(['이미 이 세션에 참여하고 있는 회원이에요.']);
    // The host takes no seat.
    const host = await add(cho!.id, 'host');
    expect(host.status).toBe(201);
    expect(host.body.data).toMatchObject({ user_id: cho!.id, role: 'host' });

    // Making Ann host sends Cho back to a seat that Ann leaves.
    const moved = await client.request('PATCH', `/api/admin/ritual-sessions/${sessionId}/members/${ann!.id}`, { json: { role: 'host' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.role).toBe('host');
    const roles = await db().select({ userId: ritualSessionUsers.userId, role: ritualSessionUsers.role }).from(ritualSessionUsers).where(eq(ritualSessionUsers.ritualSessionId, sessionId));
    expect(Object.fromEntries(roles.map((row) => [row.userId, row.role]))).toEqual({ [ann!.id]: 'host', [ben!.id]: 'member', [cho!.id]: 'member' });
    // Ann back to a seat would make three members in two seats.
    const over = await client.request('PATCH', `/api/admin/ritual-sessions/${sessionId}/members/${ann!.id}`, { json: { role: 'member' } });
    expect(over.status).toBe(422);
    expect(over.body.errors.role).toEqual(['정원이 찼어요. 정원을 늘린 뒤 추가해 주세요.']);

    const noReason = await client.request('DELETE', `/api/admin/ritual-sessions/${sessionId}/members/${ben!.id}`, { json: { reason: '' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(['내보내는 이유를 입력해 주세요.']);
    const removed = await client.request('DELETE', `/api/admin/ritual-sessions/${sessionId}/members/${ben!.id}`, { json: { reason: '본인 요청으로 참여 취소' } });
    expect(removed.status).toBe(204);
    expect((await client.request('DELETE', `/api/admin/ritual-sessions/${sessionId}/members/${ben!.id}`, { json: { reason: '다시' } })).status).toBe(404);
    const left = await client.get(`/api/admin/ritual-sessions/${sessionId}/members`);
    expect(left.body.data.map((row: { user_id: number; role: string }) => [row.user_id, row.role])).toEqual([
      [ann!.id, 'host'],
      [cho!.id, 'member'],
    ]);

    const trail = await db().select().from(auditLogs).where(eq(auditLogs.modelId, sessionId)).orderBy(auditLogs.id);
    const memberTrail = trail.filter((row) => row.modelType === 'ritual_session' && row.action !== 'create');
    expect(memberTrail.map((row) => [row.action, row.actorId])).toEqual([
      ['add_member', staff.id],
      ['add_member', staff.id],
      ['add_member', staff.id],
      ['make_host', staff.id],
      ['remove_member', staff.id],
    ]);
    expect(memberTrail[4]!.before).toMatchObject({ userId: ben!.id, role: 'member' });
    expect(memberTrail[4]!.after).toEqual({ reason: '본인 요청으로 참여 취소' });
  });

  it('replaces a ritual\'s badges as a whole, audited', async () => {
    const { client } = await signedInStaff(db());
    const ritual = await client.post('/api/admin/rituals', { json: RITUAL });
    const [one, two] = await db()
      .insert(badges)
      .values([
        { name: 'NEW', textColor: '#fff', backgroundColor: '#000' },
        { name: 'HOT', textColor: '#fff', backgroundColor: '#c00' },
      ])
      .returning();
    const put = (ids: number[]) => client.request('PUT', `/api/admin/rituals/${ritual.body.data.id}/badges`, { json: { badge_ids: ids } });
    expect((await put([two!.id, one!.id])).body.data.badge_ids).toEqual([one!.id, two!.id].sort((a, b) => a - b));
    expect((await put([999_999])).status).toBe(422);
    expect((await put([two!.id])).body.data.badge_ids).toEqual([two!.id]);
    const read = await guestClient(db()).get(`/api/rituals/${ritual.body.data.id}`);
    expect(JSON.stringify(read.body.data)).toContain('HOT');
    expect(JSON.stringify(read.body.data)).not.toContain('NEW');
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.action, 'update_badges'));
    expect(audits).toHaveLength(2);
  });

  it('publishes off-the-record pieces (indexed for search), check-in texts and one-day events that members then read', async () => {
    const { client } = await signedInStaff(db());
    const member = await signedInMember(db());

    const category = await client.post('/api/admin/off-the-record-categories', { json: { name: '인터뷰', sort_order: 1 } });
    expect(category.status).toBe(201);
    const record = await client.post('/api/admin/off-the-records', {
      json: {
        off_the_record_category_id: category.body.data.id,
        kind: 'interview',
        title: '필사로 시작한 하루',
        summary: '한 멤버의 이야기',
        content_html: '<p>매일 아침 필사를 했어요.</p><script>alert(1)</script>',
        cover_image_url: '/images/otr.jpg',
        cover_image_alt: '책상 위 노트',
        author_name: '편집팀',
        published_at: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(record.status).toBe(201);
    const read = await guestClient(db()).get(`/api/off-the-records/${record.body.data.id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body.data)).not.toContain('<script>');
    expect(JSON.stringify((await guestClient(db()).get(`/api/explorer-search?q=${encodeURIComponent('필사로')}`)).body)).toContain('필사로 시작한 하루');
    expect((await client.request('DELETE', `/api/admin/off-the-record-categories/${category.body.data.id}`)).status).toBe(409);
    // Back to a draft: out of the index.
    await client.request('PATCH', `/api/admin/off-the-records/${record.body.data.id}`, { json: { published_at: null } });
    expect(await db().select().from(searchGrams).where(and(eq(searchGrams.kind, 'off_the_record'), eq(searchGrams.itemId, record.body.data.id)))).toHaveLength(0);

    const text = await client.post('/api/admin/check-in-texts', { json: { text: '오늘도 한 쪽 옮겨 적었어요', sort_order: -1 } });
    expect(text.status).toBe(201);
    expect(JSON.stringify((await member.client.get('/api/ritual-session-check-in-texts')).body)).toContain('오늘도 한 쪽 옮겨 적었어요');
    await client.request('PATCH', `/api/admin/check-in-texts/${text.body.data.id}`, { json: { is_active: false } });
    expect(JSON.stringify((await member.client.get('/api/ritual-session-check-in-texts')).body)).not.toContain('오늘도 한 쪽 옮겨 적었어요');

    const program = await client.post('/api/admin/rituals', { json: { ...RITUAL, type: 'one_day', title: '하루 필사 클래스' } });
    const startsAt = new Date(Date.now() + 3 * DAY);
    const session = await client.post('/api/admin/ritual-sessions', {
      json: { ritual_id: program.body.data.id, title: '하루 필사 클래스', starts_at: startsAt.toISOString(), ends_at: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(), capacity: 8, price: 40_000 },
    });
    const monthly = await createSession(client);
    const wrongKind = await client.post('/api/admin/program-events', { json: { ritual_session_id: monthly.sessionId, title: '필사', place: '성수' } });
    expect(wrongKind.body.errors.ritual_session_id).toEqual(['원데이 프로그램의 세션만 고를 수 있어요.']);
    const event = await client.post('/api/admin/program-events', { json: { ritual_session_id: session.body.data.id, title: '하루 필사 클래스', place: '성수동 작업실' } });
    expect(event.status).toBe(201);
    expect((await client.post('/api/admin/program-events', { json: { ritual_session_id: session.body.data.id, title: '또', place: '또' } })).body.errors.ritual_session_id).toEqual([
      '이 세션에는 이미 프로그램이 있어요.',
    ]);
    const seoulMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: 'numeric' }).formatToParts(startsAt);
    const [year, month] = ['year', 'month'].map((type) => seoulMonth.find((part) => part.type === type)!.value);
    const events = await guestClient(db()).get(`/api/program-events?year=${year}&month=${month}`);
    expect(JSON.stringify(events.body.data)).toContain('성수동 작업실');
  });
});
