import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebPushSender } from '../../src/server/adapters/push/web-push-sender.ts';
import { vapidKeysFromAppKey } from '../../src/server/adapters/push/vapid-keys.ts';
import type { Db } from '../../src/server/db/client.ts';
import { mutedRitualSessions, notificationSettings, pushSubscriptions } from '../../src/server/db/schema/index.ts';
import { notifyInquiryAnswer } from '../../src/server/modules/notifications/events.ts';
import { notificationPushes } from '../../src/server/modules/push/notification-push.ts';
import { collectStoredNotifications } from '../../src/server/modules/push/stored-notifications.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { startLocalPushService } from '../helpers/push-service.ts';
import type { LocalPushService } from '../helpers/push-service.ts';
import { createRoom, createRoomPost } from '../helpers/room-factories.ts';
import { joinRoom } from '../helpers/room-progress-factories.ts';
import { createCategory, createPost } from '../helpers/square-factories.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

// One app for every member: a push goes out from the app that answered the request.
let app: TestApp;
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service?.close());
const theApp = () => (app ??= createTestApp(db()));

async function member(on: TestApp = theApp()) {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = on.client();
  client.cookies.set('session', token);
  return { user, client };
}

let counter = 0;
/** A subscription as a browser sends it: an https endpoint of a push service and its keys. */
const browserSubscription = () => {
  counter += 1;
  const keys = service.subscribe().keys;
  return { endpoint: `https://push.example.com/send/${Date.now()}-${counter}`, keys };
};

describe('GET /api/push/public-key', () => {
  it('answers the VAPID application server key, to guests too', async () => {
    const res = await theApp().client().get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { public_key: vapidKeysFromAppKey(testConfig().appKey).publicKey } });
    expect(Buffer.from(res.body.data.public_key, 'base64url')).toHaveLength(65);
  });

  it('answers 503 when no push service is configured', async () => {
    const none = createTestApp(db(), {}, undefined, {}, undefined, undefined, { publicKey: null, send: () => Promise.reject(new Error('off')) });
    const res = await none.client().get('/api/push/public-key');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('지금은 푸시 알림을 쓸 수 없어요.');
  });
});

describe('POST and DELETE /api/push-subscriptions', () => {
  it('stores a subscription (201), updates it when sent again (200), and moves it to the member who sent it', async () => {
    const first = await member();
    const second = await member();
    const subscription = browserSubscription();
    const created = await first.client.post('/api/push-subscriptions', { json: subscription });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { endpoint: subscription.endpoint } });
    const again = await first.client.post('/api/push-subscriptions', { json: subscription });
    expect(again.status).toBe(200);
    // Another account signs in on the same browser: the endpoint now pushes to them, with new keys.
    const renewed = { ...subscription, keys: service.subscribe().keys };
    const moved = await second.client.post('/api/push-subscriptions', { json: renewed });
    expect(moved.status).toBe(200);
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: second.user.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('deletes the member’s own subscription (204, also by POST with _method DELETE) and leaves another member’s', async () => {
    const owner = await member();
    const other = await member();
    const kept = browserSubscription();
    const removed = browserSubscription();
    await owner.client.post('/api/push-subscriptions', { json: kept });
    await owner.client.post('/api/push-subscriptions', { json: removed });
    const refused = await other.client.request('DELETE', '/api/push-subscriptions', { json: { endpoint: kept.endpoint } });
    expect(refused.status).toBe(204);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, kept.endpoint))).toHaveLength(1);
    const deleted = await owner.client.post('/api/push-subscriptions', { json: { _method: 'DELETE', endpoint: removed.endpoint } });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, removed.endpoint))).toHaveLength(0);
    const real = await owner.client.request('DELETE', '/api/push-subscriptions', { json: { endpoint: kept.endpoint } });
    expect(real.status).toBe(204);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, kept.endpoint))).toHaveLength(0);
  });

  it('refuses endpoints that are not https:// (loopback http only outside production) and malformed keys, storing nothing', async () => {
    const { user, client } = await member();
    const { keys } = browserSubscription();
    for (const [body, field] of [
      [{ endpoint: 'http://push.example.com/x', keys }, 'endpoint'],
      [{ endpoint: 'ftp://push.example.com/x', keys }, 'endpoint'],
      [{ endpoint: 'http://10.0.0.1/x', keys }, 'endpoint'],
      [{ endpoint: 'https://user:pw@push.example.com/x', keys }, 'endpoint'],
      [{ endpoint: 'not a url', keys }, 'endpoint'],
      [{ keys }, 'endpoint'],
      [{ endpoint: 'https://push.example.com/x', keys: { p256dh: 'short', auth: keys.auth } }, 'keys.p256dh'],
      [{ endpoint: 'https://push.example.com/x', keys: { p256dh: keys.p256dh, auth: 'x' } }, 'keys.auth'],
      [{ endpoint: 'https://push.example.com/x' }, 'keys'],
    ] as const) {
      const res = await client.post('/api/push-subscriptions', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(0);
    // A push service on this machine, outside production.
    expect((await client.post('/api/push-subscriptions', { json: { endpoint: 'http://127.0.0.1:9/push/a', keys } })).status).toBe(201);
    const production = createTestApp(db(), { isProduction: true });
    const inProduction = await member(production);
    const res = await inProduction.client.post('/api/push-subscriptions', { json: { endpoint: 'http://127.0.0.1:9/push/b', keys } });
    expect(res.status).toBe(422);
    expect(res.body.errors.endpoint).toEqual(['알림을 받을 주소(endpoint)를 https:// 주소로 보내 주세요.']);
  });

  it('answers 401 to a guest', async () => {
    const guest = theApp().client();
    expect((await guest.post('/api/push-subscriptions', { json: browserSubscription() })).status).toBe(401);
    expect((await guest.request('DELETE', '/api/push-subscriptions', { json: { endpoint: 'https://push.example.com/x' } })).status).toBe(401);
    expect((await guest.get('/api/me/notification-settings')).status).toBe(401);
    expect((await guest.post('/api/me/notification-settings', { json: { _method: 'PUT', push: false } })).status).toBe(401);
  });
});

describe('GET and PUT /api/me/notification-settings', () => {
  it('answers the defaults, then changes only what was sent; the muted list names the member’s own rooms', async () => {
    const { user, client } = await member();
    const room = await createRoom(db());
    const other = await createRoom(db());
    await joinRoom(db(), room.id, user.id);
    await joinRoom(db(), other.id, user.id);
    expect((await client.get('/api/me/notification-settings')).body).toEqual({ data: { push: true, email_digest: false, muted_ritual_session_ids: [] } });
    const muted = await client.post('/api/me/notification-settings', { json: { _method: 'PUT', muted_ritual_session_ids: [other.id, room.id, room.id] } });
    expect(muted.status).toBe(200);
    expect(muted.body.data).toEqual({ push: true, email_digest: false, muted_ritual_session_ids: [room.id, other.id].sort((a, b) => a - b) });
    const off = await client.post('/api/me/notification-settings', { json: { _method: 'PUT', push: false, email_digest: true } });
    expect(off.body.data).toEqual({ push: false, email_digest: true, muted_ritual_session_ids: [room.id, other.id].sort((a, b) => a - b) });
    const form = await client.post('/api/me/notification-settings', { form: { _method: 'PUT', push: '1', muted_ritual_session_ids: '' } });
    expect(form.body.data).toEqual({ push: true, email_digest: true, muted_ritual_session_ids: [] });
    expect((await client.get('/api/me/notification-settings')).body.data).toEqual(form.body.data);
  });

  it('refuses bad values (422 with the field) and rooms the member is not in, changing nothing', async () => {
    const { user, client } = await member();
    const theirs = await createRoom(db());
    for (const [body, field] of [
      [{ push: 'maybe' }, 'push'],
      [{ email_digest: 2 }, 'email_digest'],
      [{ muted_ritual_session_ids: 'x' }, 'muted_ritual_session_ids.0'],
      [{ muted_ritual_session_ids: [1.5] }, 'muted_ritual_session_ids.0'],
      [{ muted_ritual_session_ids: { a: 1 } }, 'muted_ritual_session_ids.0'],
      [{ push: false, muted_ritual_session_ids: [theirs.id] }, 'muted_ritual_session_ids'],
    ] as const) {
      const res = await client.post('/api/me/notification-settings', { json: { _method: 'PUT', ...body } });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect(await db().select().from(notificationSettings).where(eq(notificationSettings.userId, user.id))).toEqual([]);
    expect(await db().select().from(mutedRitualSessions).where(eq(mutedRitualSessions.userId, user.id))).toEqual([]);
  });
});

describe('push for what happens', () => {
  it('pushes a comment to the owner’s devices with the notification’s link, and a muted room or push turned off stops it', async () => {
    const owner = await member();
    const commenter = await member();
    const subscription = browserSubscription();
    await owner.client.post('/api/push-subscriptions', { json: subscription });
    const category = await createCategory(db());
    const post = await createPost(db(), owner.user, category);
    const res = await commenter.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '좋은 글 고마워요' } });
    expect(res.status).toBe(201);
    const pushes = await theApp().pushOutbox(subscription.endpoint);
    expect(pushes).toEqual([
      expect.objectContaining({
        endpoint: subscription.endpoint,
        title: `${commenter.user.nickname}님이 회원님의 글에 댓글을 남겼어요.`,
        body: post.title,
        url: `/square/${encodeURIComponent(category.slug)}/${post.id}#comment-${res.body.data.id}`,
      }),
    ]);

    // A room's post: muting the room stops its pushes; so does push turned off, everywhere.
    const room = await createRoom(db());
    await joinRoom(db(), room.id, owner.user.id);
    await joinRoom(db(), room.id, commenter.user.id);
    const roomPost = await createRoomPost(db(), room, owner.user);
    await owner.client.post('/api/me/notification-settings', { json: { _method: 'PUT', muted_ritual_session_ids: [room.id] } });
    const muted = await commenter.client.post('/api/comments', { json: { model_type: 'ritual_session_post', model_id: roomPost.id, content: '저도요' } });
    expect(muted.status).toBe(201);
    expect(await theApp().pushOutbox(subscription.endpoint)).toHaveLength(1);
    await owner.client.post('/api/me/notification-settings', { json: { _method: 'PUT', muted_ritual_session_ids: [] } });
    await commenter.client.post('/api/comments', { json: { model_type: 'ritual_session_post', model_id: roomPost.id, content: '응원해요' } });
    const [roomPush] = await theApp().pushOutbox(subscription.endpoint);
    expect(roomPush?.url).toMatch(new RegExp(`^/room/${room.id}/${roomPost.id}#comment-`));
    await owner.client.post('/api/me/notification-settings', { json: { _method: 'PUT', push: false } });
    await commenter.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '또 왔어요' } });
    expect(await theApp().pushOutbox(subscription.endpoint)).toHaveLength(2);
  });

  it('pushes through web push, and removes a subscription the push service reports gone (404 and 410)', async () => {
    const keys = vapidKeysFromAppKey(testConfig().appKey);
    const webApp = createTestApp(db(), {}, undefined, {}, undefined, undefined, createWebPushSender({ ...keys, subject: 'mailto:hello@ritual.example' }));
    const owner = await member(webApp);
    const commenter = await member(webApp);
    const alive = service.subscribe();
    const gone = service.subscribe();
    const missing = service.subscribe();
    for (const subscription of [alive, gone, missing]) {
      expect((await owner.client.post('/api/push-subscriptions', { json: { endpoint: subscription.endpoint, keys: subscription.keys } })).status).toBe(201);
    }
    service.answer(gone.id, 410);
    service.answer(missing.id, 404);
    const post = await createPost(db(), owner.user, await createCategory(db()));
    await commenter.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '멋져요' } });
    await webApp.idle();
    expect(service.refused).toEqual([]);
    const received = service.received.filter((push) => push.id === alive.id);
    expect(received.map((push) => push.payload)).toEqual([expect.objectContaining({ title: `${commenter.user.nickname}님이 회원님의 글에 댓글을 남겼어요.`, body: post.title })]);
    const left = await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.user.id));
    expect(left).toEqual([{ endpoint: alive.endpoint }]);
  });

  it('pushes nothing for a request that stored no notification, nor for a refused one', async () => {
    const owner = await member();
    const subscription = browserSubscription();
    await owner.client.post('/api/push-subscriptions', { json: subscription });
    const post = await createPost(db(), owner.user, await createCategory(db()));
    // Commenting on one's own post notifies nobody.
    await owner.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '제 글이에요' } });
    const commenter = await member();
    // Refused before anything is stored.
    expect((await commenter.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '' } })).status).toBe(422);
    expect(await theApp().pushOutbox(subscription.endpoint)).toEqual([]);
  });
});

describe('the pushes of a request’s notifications', () => {
  it('are read back after the request: a notification whose transaction rolled back is not pushed', async () => {
    const owner = await member();
    const subscription = browserSubscription();
    await owner.client.post('/api/push-subscriptions', { json: subscription });
    const ids: number[] = [];
    await collectStoredNotifications(ids, async () => {
      await db()
        .transaction(async (tx) => {
          await notifyInquiryAnswer(tx as unknown as Db, { userId: owner.user.id, inquiryId: 1, title: '되돌린 답변' });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await db().transaction((tx) => notifyInquiryAnswer(tx as unknown as Db, { userId: owner.user.id, inquiryId: 2, title: '배송 문의' }));
    });
    expect(ids).toHaveLength(2);
    const pushes = await notificationPushes(db(), ids);
    expect(pushes).toEqual([
      {
        target: { endpoint: subscription.endpoint, ...subscription.keys },
        message: { title: '문의하신 내용에 운영팀 답변이 등록되었어요.', body: '배송 문의', url: '/inquiry/2', tag: `notification-${ids[1]}` },
      },
    ]);
  });
});
