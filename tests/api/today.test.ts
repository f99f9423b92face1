import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, reminderDeliveries, ritualSessionCheckIns, ritualSessionPosts, ritualSessionUsers } from '../../src/server/db/schema/index.ts';
import { pruneReminderDeliveries } from '../../src/server/modules/reminders/delivery.ts';
import { pruneIdempotencyKeys } from '../../src/server/http/idempotency.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { createCheckInText, createRoom, roomMember, roomWithMembers } from '../helpers/room-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

const checkInsOf = (roomId: number) => db().select().from(ritualSessionCheckIns).where(eq(ritualSessionCheckIns.ritualSessionId, roomId));
const keyed = (key: string) => ({ 'Idempotency-Key': key });

describe('GET /api/me/today', () => {
  it('lists the member\'s running sessions with day N of M, today\'s state and the check-in texts', async () => {
    const text = await createCheckInText(db(), '오늘도 해냈어요');
    const now = Date.now();
    // Seoul days: started two days ago (day 3), its last day nine days from now (12 days in all).
    const seoulMidnight = Math.floor((now + 9 * HOUR_MS) / DAY_MS) * DAY_MS - 9 * HOUR_MS;
    const running = await createRoom(db(), { startsAt: new Date(seoulMidnight - 2 * DAY_MS + HOUR_MS), endsAt: new Date(seoulMidnight + 10 * DAY_MS) });
    const member = await roomMember(db(), running);
    const upcoming = await createRoom(db(), { startsAt: new Date(now + 2 * DAY_MS), endsAt: new Date(now + 30 * DAY_MS) });
    const finished = await createRoom(db(), { startsAt: new Date(now - 40 * DAY_MS), endsAt: new Date(now - 10 * DAY_MS) });
    await db()
      .insert(ritualSessionUsers)
      .values([upcoming, finished].map((room) => ({ ritualSessionId: room.id, userId: member.user.id })));
    await createRoom(db());

    const before = await member.client.get('/api/me/today');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    expect(before.body.data).toEqual([
      { ritual_session_id: running.id, title: running.title, day: 3, days: 12, checked_in_today: false, check_in_texts: [{ id: text.id, text: '오늘도 해냈어요' }] },
    ]);
    expect((await member.client.post(`/api/ritual-sessions/${running.id}/check-in`, { json: { check_in_text_id: text.id } })).status).toBe(201);
    expect((await member.client.get('/api/me/today')).body.data[0]).toMatchObject({ checked_in_today: true });
  });

  it('is empty for a member with no running session and 401 for a guest', async () => {
    const member = await signedInMember(db());
    expect((await member.client.get('/api/me/today')).body).toEqual({ data: [] });
    expect((await guestClient(db()).get('/api/me/today')).status).toBe(401);
  });
});

describe('a check-in sent late or twice', () => {
  it('answers a repeat with the same key as the first, and creates nothing', async () => {
    const { room, first } = await roomWithMembers(db());
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    const sent = await first.client.post(path, { json: { content: '기차에서' }, headers: keyed('train-2350') });
    expect(sent.status).toBe(201);
    const again = await first.client.post(path, { json: { content: '기차에서' }, headers: keyed('train-2350') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(sent.body);
    expect(await checkInsOf(room.id)).toHaveLength(1);
  });

  it('refuses the same key with another body (422), a bad key (422), and keeps keys apart per member', async () => {
    const { room, first, second } = await roomWithMembers(db());
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    expect((await first.client.post(path, { json: { content: '하나' }, headers: keyed('same-key') })).status).toBe(201);
    const other = await first.client.post(path, { json: { content: '둘' }, headers: keyed('same-key') });
    expect(other.status).toBe(422);
    expect(other.body.errors.idempotency_key).toEqual(['같은 Idempotency-Key로 다른 내용을 보냈습니다. 새 키로 다시 보내 주세요.']);
    for (const bad of ['', 'x'.repeat(65), 'caf\u00e9', 'with space']) {
      const refused = await second.client.post(path, { json: {}, headers: keyed(bad) });
      if (bad === '') {
        // An empty header is no key at all to some HTTP stacks; either way nothing is written twice.
        expect([201, 422]).toContain(refused.status);
        continue;
      }
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(refused.body.errors.idempotency_key).toEqual(['Idempotency-Key는 1~64자의 영문, 숫자, 기호여야 합니다.']);
    }
    // Another member's identical key is their own.
    const theirs = await second.client.post(path, { json: { content: '하나' }, headers: keyed('same-key') });
    expect([200, 201]).toContain(theirs.status);
    expect((await checkInsOf(room.id)).map((row) => row.userId).sort()).toEqual([first.user.id, second.user.id].sort());
  });

  it('gives the key back when the write fails, so the retry goes through', async () => {
    const { room, first } = await roomWithMembers(db());
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    const refused = await first.client.post(path, { json: { check_in_text_id: 999999 }, headers: keyed('retry-me') });
    expect(refused.status).toBe(422);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, first.user.id))).toHaveLength(0);
    expect((await first.client.post(path, { json: {}, headers: keyed('retry-me') })).status).toBe(201);
  });

  it('counts for the Seoul day of checked_in_at: tapped at 23:50, received after midnight', async () => {
    const now = Date.now();
    const midnight = Math.ceil((now + 9 * HOUR_MS) / DAY_MS) * DAY_MS - 9 * HOUR_MS;
    const room = await createRoom(db(), { startsAt: new Date(now - 3 * DAY_MS), endsAt: new Date(midnight + 5 * DAY_MS) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(midnight + 20 * 60_000);
    const member = await roomMember(db(), room);
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    const tapped = new Date(midnight - 10 * 60_000).toISOString();
    const late = await member.client.post(path, { json: { checked_in_at: tapped }, headers: keyed('offline-1') });
    expect(late.status).toBe(201);
    const today = await member.client.post(path, { json: {} });
    expect(today.status).toBe(201);
    const days = (await checkInsOf(room.id)).map((row) => row.day).sort();
    expect(days).toHaveLength(2);
    expect(late.body.data.day).toBe(days[0]);
    expect(late.body.data.created_at.slice(0, 19)).toBe(tapped.slice(0, 19));
    // A second check-in for that earlier day answers the one it has.
    const repeat = await member.client.post(path, { json: { checked_in_at: new Date(midnight - 60_000).toISOString() } });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.id).toBe(late.body.data.id);
  });

  it('refuses checked_in_at in the future, older than six hours, or not a time (422), writing nothing', async () => {
    const { room, first } = await roomWithMembers(db());
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    const cases: Array<[string, string]> = [
      [new Date(Date.now() + 5 * 60_000).toISOString(), '체크인한 시각이 미래일 수 없어요. 기기의 시계를 확인해 주세요.'],
      [new Date(Date.now() - 6 * HOUR_MS - 60_000).toISOString(), '6시간보다 오래된 체크인은 보낼 수 없어요.'],
      ['어제 밤', '체크인한 시각을 ISO 8601 형식으로 보내 주세요.'],
      ['2026-13-40T25:00:00Z', '체크인한 시각을 ISO 8601 형식으로 보내 주세요.'],
    ];
    for (const [value, message] of cases) {
      const refused = await first.client.post(path, { json: { checked_in_at: value } });
      expect(refused.status, value).toBe(422);
      expect(refused.body.errors.checked_in_at).toEqual([message]);
    }
    // Within the allowed clock skew, a phone slightly ahead still checks in.
    expect((await first.client.post(path, { json: { checked_in_at: new Date(Date.now() + 30_000).toISOString() } })).status).toBe(201);
    expect(await checkInsOf(room.id)).toHaveLength(1);
  });

  it('is refused for a session that ended before the tap, even within six hours', async () => {
    const ended = await createRoom(db(), { startsAt: new Date(Date.now() - 9 * DAY_MS), endsAt: new Date(Date.now() - 2 * HOUR_MS) });
    const member = await roomMember(db(), ended);
    const path = `/api/ritual-sessions/${ended.id}/check-in`;
    const afterEnd = await member.client.post(path, { json: { checked_in_at: new Date(Date.now() - HOUR_MS).toISOString() } });
    expect(afterEnd.status).toBe(403);
    // Tapped while it still ran: counts.
    const inTime = await member.client.post(path, { json: { checked_in_at: new Date(Date.now() - 3 * HOUR_MS).toISOString() } });
    expect(inTime.status).toBe(201);
  });
});

describe('the API\'s own description', () => {
  it('names the Idempotency-Key header and the 409 of a copy still being written on both writes', async () => {
    const doc = (await guestClient(db()).get('/api/openapi.json')).body;
    for (const path of ['/api/ritual-sessions/{id}/check-in', '/api/ritual-sessions/{id}/posts']) {
      const operation = doc.paths[path].post;
      expect(operation.parameters, path).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
      expect(Object.keys(operation.responses), path).toContain('409');
    }
    expect(doc.paths['/api/me/today'].get.responses['200']).toBeDefined();
  });
});

describe('a record sent twice', () => {
  it('creates one post for one key; another member\'s session answers 403 and stores no key', async () => {
    const { room, first, outsider } = await roomWithMembers(db());
    const path = `/api/ritual-sessions/${room.id}/posts`;
    const body = { category: 'wakeup', content: '<p>6시 기상!</p>' };
    const sent = await first.client.post(path, { json: body, headers: keyed('record-1') });
    expect(sent.status).toBe(201);
    const again = await first.client.post(path, { json: body, headers: keyed('record-1') });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(sent.body.data.id);
    expect(await db().select().from(ritualSessionPosts).where(eq(ritualSessionPosts.ritualSessionId, room.id))).toHaveLength(1);
    const changed = await first.client.post(path, { json: { ...body, content: '<p>7시 기상</p>' }, headers: keyed('record-1') });
    expect(changed.status).toBe(422);
    expect((await outsider.client.post(path, { json: body, headers: keyed('record-1') })).status).toBe(403);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, outsider.user.id))).toHaveLength(0);
  });

  it('writes once when two copies with one key race; the loser is told to wait (409) or answered the first', async () => {
    const { room, first } = await roomWithMembers(db());
    const path = `/api/ritual-sessions/${room.id}/posts`;
    const body = { category: 'wakeup', content: '<p>두 번 눌렀어요</p>' };
    const answers = await Promise.all([1, 2, 3].map(() => first.client.post(path, { json: body, headers: keyed('double-tap') })));
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(await db().select().from(ritualSessionPosts).where(eq(ritualSessionPosts.ritualSessionId, room.id))).toHaveLength(1);
  });

  it('forgets keys after a day', async () => {
    const { room, first } = await roomWithMembers(db());
    await first.client.post(`/api/ritual-sessions/${room.id}/check-in`, { json: {}, headers: keyed('old-key') });
    expect(await pruneIdempotencyKeys(db(), 100, new Date(Date.now() + DAY_MS - 60_000))).toBe(0);
    expect(await pruneIdempotencyKeys(db(), 100, new Date(Date.now() + DAY_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, first.user.id))).toHaveLength(0);
  });
});

describe('reminder deliveries', () => {
  it('are kept a week after they were sent, then forgotten by the clean-up', async () => {
    const { room, first } = await roomWithMembers(db());
    const sentAt = new Date(Date.now() - 8 * DAY_MS);
    await db()
      .insert(reminderDeliveries)
      .values([
        { userId: first.user.id, ritualSessionId: room.id, day: '2026-01-01', channels: ['push'], sentAt },
        { userId: first.user.id, ritualSessionId: room.id, day: '2026-01-02', channels: ['push'], sentAt: new Date() },
      ]);
    expect(await pruneReminderDeliveries(db(), 100)).toBe(1);
    const left = await db().select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, first.user.id));
    expect(left.map((row) => row.day)).toEqual(['2026-01-02']);
  });
});
