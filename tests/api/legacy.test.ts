import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { badges, comments, legacyPathUses, themes } from '../../src/server/db/schema/index.ts';
import { DEFAULT_LEGACY_SUNSET } from '../../src/server/modules/legacy/deprecation.ts';
import { LEGACY_MAP, legacyRouteOf } from '../../src/server/modules/legacy/map.ts';
import { recordLegacyUse } from '../../src/server/modules/legacy/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createRitual } from '../helpers/record-factories.ts';
import { createRoomPost, roomWithMembers } from '../helpers/room-factories.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { RequestOptions, TestClient, TestResponse } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

// 2026-11-28T00:00:00Z, the constant LEGACY_DEPRECATED_AT, as RFC 9745 writes it.
const DEPRECATION = '@1795824000';
const SUNSET = 'Tue, 01 Jun 2027 00:00:00 GMT';

function expectLegacyHeaders(res: TestResponse, successor: string): void {
  expect(res.headers.get('deprecation')).toBe(DEPRECATION);
  expect(res.headers.get('sunset')).toBe(SUNSET);
  expect(res.headers.get('link')).toBe(`<${successor}>; rel="successor-version"`);
}

function expectNoLegacyHeaders(res: TestResponse): void {
  for (const name of ['deprecation', 'sunset', 'link']) expect(res.headers.get(name), name).toBeNull();
}

/** The legacy path and its counterpart, called alike by one client: the same status and body. */
async function expectSameAnswer(client: TestClient, method: string, legacy: string, counterpart: string, options: RequestOptions = {}) {
  const old = await client.request(method, legacy, options);
  const current = await client.request(method, counterpart, options);
  expect(current.headers.get('deprecation'), counterpart).toBeNull();
  expect(old.status, legacy).toBe(current.status);
  expect(old.body, legacy).toEqual(current.body);
  expectLegacyHeaders(old, counterpart.split('?')[0]!);
  return old;
}

let room: Awaited<ReturnType<typeof roomWithMembers>>;
let fixture: { themeId: number; ritualId: number; postId: number; roomPostId: number; userId: number };

beforeAll(async () => {
  await db().insert(badges).values({ name: '첫 걸음', textColor: '#ffffff', backgroundColor: '#3a7d44' });
  const [theme] = await db().insert(themes).values({ name: '마음 돌보기', description: '나를 살펴요.' }).returning();
  const ritual = await createRitual(db());
  const author = await createMember(db());
  const post = await createPost(db(), author, await createCategory(db()));
  room = await roomWithMembers(db());
  const roomPost = await createRoomPost(db(), room.room, room.first.user);
  fixture = { themeId: theme!.id, ritualId: ritual.id, postId: post.id, roomPostId: roomPost.id, userId: author.id };
});

describe('each row of the map answers as its counterpart, with Deprecation, Sunset and Link', () => {
  it('every row reaches routes of the app: a renamed counterpart would leave its legacy paths answering 404', () => {
    const reached = createTestApp(db()).app.routes.map((route) => legacyRouteOf(route.path));
    for (const { legacy, below } of LEGACY_MAP) {
      const path = legacy.replace(/\{(\w+)\}/g, ':$1');
      const found = reached.some((route) => (below === 'required' ? route?.startsWith(`${path}/`) : route === path || (below === 'optional' && route?.startsWith(`${path}/`))));
      expect(found, legacy).toBe(true);
    }
  });

  it('the public reads, for a guest', async () => {
    const guest = guestClient(db());
    const { themeId, ritualId, postId, userId } = fixture;
    const reads: [string, string][] = [
      ['/v1/badges', '/api/badges'],
      ['/v1/themes', '/api/themes'],
      [`/v1/themes/${themeId}`, `/api/themes/${themeId}`],
      ['/v1/themes/999999', '/api/themes/999999'],
      ['/v1/rituals?page=1', '/api/rituals?page=1'],
      [`/v1/rituals/${ritualId}`, `/api/rituals/${ritualId}`],
      [`/v1/users/${userId}`, `/api/users/${userId}`],
      ['/v1/square/categories', '/api/square-post-categories'],
      ['/v1/square/posts', '/api/square-posts'],
      [`/v1/square/posts/${postId}`, `/api/square-posts/${postId}`],
      [`/v1/square/posts/users/${userId}`, `/api/square-posts/users/${userId}`],
      [`/v1/reactions/users?model_type=square_post&model_id=${postId}`, `/api/reactions/users?model_type=square_post&model_id=${postId}`],
      ['/v1/main', '/api/mains/current'],
      ['/v1/reviews?reviewable_type=ritual&reviewable_id=1', '/api/reviews?reviewable_type=ritual&reviewable_id=1'],
      ['/v1/reviews?reviewable_type=nonsense', '/api/reviews?reviewable_type=nonsense'],
      ['/v1/coupons/me', '/api/coupons/me'],
    ];
    for (const [legacy, counterpart] of reads) await expectSameAnswer(guest, 'GET', legacy, counterpart);
    // A guest asking for a member's list is refused alike.
    expect((await guest.get('/v1/coupons/me')).status).toBe(401);
  });

  it('a room: its member reads it, an outsider gets 403 and a guest 401, alike', async () => {
    const id = room.room.id;
    const paths = ['posts', `posts/${fixture.roomPostId}`, 'threads', 'info', 'report', 'posts/my-checks'];
    for (const client of [room.first.client, room.outsider.client, guestClient(db())]) {
      for (const path of paths) await expectSameAnswer(client, 'GET', `/v1/rooms/${id}/${path}`, `/api/ritual-sessions/${id}/${path}`);
    }
    expect((await room.first.client.get(`/v1/rooms/${id}/posts`)).status).toBe(200);
    expect((await room.outsider.client.get(`/v1/rooms/${id}/posts`)).status).toBe(403);
    expect((await guestClient(db()).get(`/v1/rooms/${id}/posts`)).status).toBe(401);
  });

  it('the member reads and the writes that change nothing: the profile checks, the payment confirm, the coupon wallet', async () => {
    const member = await signedInMember(db());
    const taken = await createMember(db());
    const writes: [string, string, Record<string, unknown>][] = [
      ['/v1/profile/validate-username', '/api/user/validate-username', { username: 'quiet.morning' }],
      ['/v1/profile/validate-username', '/api/user/validate-username', { username: taken.username }],
      ['/v1/profile/validate-email', '/api/user/validate-email', { email: taken.email }],
      ['/v1/profile/validate-email', '/api/user/validate-email', { email: 'not an address' }],
      ['/v1/payments/confirm', '/api/orders/confirm', { order_id: 'ORD-NONE', payment_key: 'test_ok_1', amount: 1000 }],
      ['/v1/payments/confirm', '/api/orders/confirm', {}],
      ['/v1/coupons/users', '/api/coupons/users', { code: '' }],
      ['/v1/comments', '/api/comments', { model_type: 'square_post', model_id: fixture.postId }],
    ];
    for (const [legacy, counterpart, json] of writes) {
      for (const client of [member.client, guestClient(db())]) await expectSameAnswer(client, 'POST', legacy, counterpart, { json });
    }
    await expectSameAnswer(member.client, 'GET', '/v1/coupons/me', '/api/coupons/me');
    await expectSameAnswer(member.client, 'GET', '/v1/coupons/available?amount=10000', '/api/coupons/available?amount=10000');
  });

  it('a write by a legacy path is the counterpart\'s: a comment made by /v1 is there at /api, in the same shape', async () => {
    const member = await signedInMember(db());
    const json = { model_type: 'square_post', model_id: fixture.postId, content: '오래된 앱에서 남겨요' };
    const old = await member.client.post('/v1/comments', { json });
    const current = await member.client.post('/api/comments', { json });
    expect(old.status).toBe(201);
    expect(current.status).toBe(201);
    // Two comments: all but their ids and times alike.
    const { id: oldId, created_at: _oldAt, updated_at: _oldUpdate, ...made } = old.body.data;
    const { id: _currentId, created_at: _currentAt, updated_at: _currentUpdate, ...alsoMade } = current.body.data;
    expect(made).toEqual(alsoMade);
    expect(made).toMatchObject({ content: json.content, author: { id: member.user.id } });
    expectLegacyHeaders(old, '/api/comments');
    const [stored] = await db().select().from(comments).where(eq(comments.id, oldId));
    expect(stored).toMatchObject({ userId: member.user.id, modelId: fixture.postId });
  });
});

describe('the counterpart\'s session, request forgery and method override', () => {
  it('refuses a legacy write without the request-forgery token with 419, as /api does', async () => {
    const member = await signedInMember(db());
    const json = { model_type: 'square_post', model_id: fixture.postId, content: '토큰 없이' };
    const old = await member.client.post('/v1/comments', { json, csrf: false });
    expect(old.status).toBe(419);
    expect(old.body).toEqual({ message: 'CSRF token mismatch.' });
    expectLegacyHeaders(old, '/api/comments');
    const guest = guestClient(db());
    expect((await guest.post('/v1/profile/validate-email', { json: { email: 'a@example.com' }, csrf: false })).status).toBe(419);
    expect(await db().select().from(comments).where(eq(comments.content, '토큰 없이'))).toEqual([]);
  });

  it('applies _method on a legacy path: PUT edits a comment and DELETE removes a square post', async () => {
    const member = await signedInMember(db());
    const created = await member.client.post('/api/comments', { json: { model_type: 'square_post', model_id: fixture.postId, content: '처음 글' } });
    const id = created.body.data.id as number;
    const edited = await member.client.post(`/v1/comments/${id}`, { form: { _method: 'PUT', content: '고친 글' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id, content: '고친 글' });
    expectLegacyHeaders(edited, `/api/comments/${id}`);
    // Someone else's comment is refused as the counterpart refuses it.
    const other = await signedInMember(db());
    await expectSameAnswer(other.client, 'POST', `/v1/comments/${id}`, `/api/comments/${id}`, { json: { _method: 'PUT', content: '남의 글' } });

    const post = await createPost(db(), member.user, await createCategory(db()));
    const deleted = await member.client.post(`/v1/square/posts/${post.id}`, { json: { _method: 'DELETE' } });
    expect(deleted.status).toBe(204);
    expectLegacyHeaders(deleted, `/api/square-posts/${post.id}`);
    expect((await member.client.get(`/api/square-posts/${post.id}`)).status).toBe(404);
    // A real DELETE is taken too.
    const again = await createPost(db(), member.user, await createCategory(db()));
    expect((await member.client.request('DELETE', `/v1/square/posts/${again.id}`)).status).toBe(204);
  });

  it('takes the Sunset date from the configuration', async () => {
    const client = createTestApp(db(), { legacySunset: new Date('2027-09-01T00:00:00+09:00') }).client();
    const res = await client.get('/v1/badges');
    expect(res.status).toBe(200);
    expect(res.headers.get('sunset')).toBe('Tue, 31 Aug 2027 15:00:00 GMT');
    expect(new Date(DEFAULT_LEGACY_SUNSET).toUTCString()).toBe(SUNSET);
  });
});

describe('a /v1 path the map does not have', () => {
  it('answers 404 JSON in Korean without the deprecation headers, and is not counted', async () => {
    await db().delete(legacyPathUses);
    const guest = guestClient(db());
    const id = room.room.id;
    // /v1/rooms/{id} itself is not in the map (only what is below it), nor anything the counterpart has no route for.
    for (const path of ['/v1', '/v1/', '/v1/nothing', '/v1/badges/1', `/v1/rooms/${id}`, `/v1/rooms/${id}/nothing`, '/v1/rooms/users/me', '/v1/users', '/v1/api/badges', '/v1/admin/dashboard', '/v1/main/1']) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(res.body, path).toEqual({ message: '요청하신 API를 찾을 수 없습니다.' });
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
      expectNoLegacyHeaders(res);
    }
    expect((await guest.post('/v1/nothing', { json: {} })).status).toBe(404);
    expect(await db().select().from(legacyPathUses)).toEqual([]);
  });
});

describe('the daily count', () => {
  it('keeps one row per pattern and Seoul day: two calls make one row of 2, another path another row', async () => {
    await db().delete(legacyPathUses);
    const guest = guestClient(db());
    const id = room.room.id;
    await guest.get(`/v1/rooms/${id}/posts`);
    // Another id, and a refusal: the same pattern, counted all the same.
    await room.first.client.get(`/v1/rooms/${id + 1000}/posts`);
    await guest.get(`/v1/themes/${fixture.themeId}`);
    const rows = await db().select().from(legacyPathUses).orderBy(legacyPathUses.path);
    expect(rows.map(({ path, count }) => ({ path, count }))).toEqual([
      { path: '/v1/rooms/{id}/posts', count: 2 },
      { path: '/v1/themes/{id}', count: 1 },
    ]);
    expect(new Set(rows.map((row) => row.day)).size).toBe(1);
  });

  it('counts by the route the call reached, and a new Seoul day starts a new row', async () => {
    await db().delete(legacyPathUses);
    const member = await signedInMember(db());
    await member.client.get(`/v1/rooms/${room.room.id}/posts/my-checks`);
    await member.client.get(`/v1/rooms/${room.room.id}/posts/${fixture.roomPostId}/read-users`);
    await member.client.post('/v1/comments/1', { json: { _method: 'DELETE' } });
    await recordLegacyUse(db(), '/v1/main', new Date('2026-12-01T14:59:00Z'));
    await recordLegacyUse(db(), '/v1/main', new Date('2026-12-01T15:01:00Z'));
    await recordLegacyUse(db(), '/v1/main', new Date('2026-12-01T15:30:00Z'));
    const rows = await db().select().from(legacyPathUses).orderBy(legacyPathUses.path, legacyPathUses.day);
    expect(rows.map(({ path, day, count }) => ({ path, day, count }))).toEqual([
      { path: '/v1/comments/{id}', day: expect.any(String), count: 1 },
      { path: '/v1/main', day: '2026-12-01', count: 1 },
      { path: '/v1/main', day: '2026-12-02', count: 2 },
      { path: '/v1/rooms/{id}/posts/my-checks', day: expect.any(String), count: 1 },
      { path: '/v1/rooms/{id}/posts/{postId}/read-users', day: expect.any(String), count: 1 },
    ]);
    expect(rows.find((row) => row.day === '2026-12-02')!.lastCalledAt).toEqual(new Date('2026-12-01T15:30:00Z'));
  });
});

describe('GET /api/admin/legacy-usage', () => {
  it('lists each pattern with its successor, its calls and the last day it was called, for staff past the second factor', async () => {
    await db().delete(legacyPathUses);
    const guest = guestClient(db());
    await guest.get('/v1/badges');
    await guest.get('/v1/badges');
    await recordLegacyUse(db(), '/v1/square/posts/{id}', new Date('2026-10-01T03:00:00Z'));
    await recordLegacyUse(db(), '/v1/square/posts/{id}', new Date('2026-10-20T03:00:00Z'));

    const staff = await signedInStaff(db());
    const res = await staff.client.get('/api/admin/legacy-usage');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const today = res.body.data[0].last_day as string;
    expect(res.body).toEqual({
      data: [
        {
          id: '/v1/badges',
          path: '/v1/badges',
          successor: '/api/badges',
          calls_today: 2,
          calls_last_30_days: 2,
          calls_total: 2,
          first_day: today,
          last_day: today,
          last_called_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
        },
        {
          id: '/v1/square/posts/{id}',
          path: '/v1/square/posts/{id}',
          successor: '/api/square-posts/{id}',
          calls_today: 0,
          calls_last_30_days: 0,
          calls_total: 2,
          first_day: '2026-10-01',
          last_day: '2026-10-20',
          last_called_at: '2026-10-20T03:00:00.000000Z',
        },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 2 },
    });
    const second = await staff.client.get('/api/admin/legacy-usage?page=2&per_page=1');
    expect(second.body.data.map((row: { path: string }) => row.path)).toEqual(['/v1/square/posts/{id}']);
    expect(second.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
    expect((await staff.client.get('/api/admin/legacy-usage?per_page=0')).status).toBe(422);
  });

  it('answers a member 403, staff without the second factor 403 and a guest 401', async () => {
    const member = await signedInMember(db());
    expect((await member.client.get('/api/admin/legacy-usage')).status).toBe(403);
    const unverified = await signedInStaff(db(), { verified: false });
    expect((await unverified.client.get('/api/admin/legacy-usage')).status).toBe(403);
    const guest = await guestClient(db()).get('/api/admin/legacy-usage');
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ message: 'Unauthenticated.' });
  });
});
