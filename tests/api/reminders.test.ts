import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOutboxKakaoSender, readKakaoOutbox } from '../../src/server/adapters/kakao/outbox-kakao-sender.ts';
import { createOutboxMailer, readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { createOutboxPushSender, readPushOutbox } from '../../src/server/adapters/push/outbox-push-sender.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { pushSubscriptions, reminderDeliveries, ritualReminders } from '../../src/server/db/schema/index.ts';
import { reminderWindow, sendDueReminders } from '../../src/server/modules/reminders/delivery.ts';
import type { ReminderSenders } from '../../src/server/modules/reminders/delivery.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { insertCheckIn, joinRoom, seoulDateFromToday, seoulTime } from '../helpers/room-progress-factories.ts';
import { createRoom } from '../helpers/room-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
const DAY_MS = 86_400_000;
const silent = { warn: () => undefined, error: () => undefined };

let app: TestApp;
const theApp = () => (app ??= createTestApp(db()));

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const user = await createMember(db(), overrides);
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = theApp().client();
  client.cookies.set('session', token);
  return { user, client };
}

const put = (client: Awaited<ReturnType<typeof member>>['client'], sessionId: number | string, body: Record<string, unknown>) =>
  client.post(`/api/me/reminders/${sessionId}`, { json: { _method: 'PUT', ...body } });

describe('GET /api/me/reminders', () => {
  it('lists the member’s running and upcoming sessions with the defaults, not finished ones nor others’', async () => {
    const { user, client } = await member();
    const now = Date.now();
    const running = await createRoom(db());
    const upcoming = await createRoom(db(), { startsAt: new Date(now + 3 * DAY_MS), endsAt: new Date(now + 30 * DAY_MS) });
    const finished = await createRoom(db(), { startsAt: new Date(now - 30 * DAY_MS), endsAt: new Date(now - DAY_MS) });
    const notMine = await createRoom(db());
    for (const room of [upcoming, running, finished]) await joinRoom(db(), room.id, user.id);
    const res = await client.get('/api/me/reminders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { ritual_session_id: running.id, title: running.title, enabled: true, time: '08:00', channels: ['push'] },
        { ritual_session_id: upcoming.id, title: upcoming.title, enabled: true, time: '08:00', channels: ['push'] },
      ],
    });
    expect(res.body.data.map((item: { ritual_session_id: number }) => item.ritual_session_id)).not.toContain(notMine.id);
    expect((await theApp().client().get('/api/me/reminders')).status).toBe(401);
  });
});

describe('PUT /api/me/reminders/{ritual_session_id}', () => {
  it('changes what was sent and keeps the rest', async () => {
    const { user, client } = await member();
    const room = await createRoom(db());
    await joinRoom(db(), room.id, user.id);
    const timed = await put(client, room.id, { time: '06:30' });
    expect(timed.status).toBe(200);
    expect(timed.body).toEqual({ data: { ritual_session_id: room.id, title: room.title, enabled: true, time: '06:30', channels: ['push'] } });
    const channels = await put(client, room.id, { channels: ['kakao', 'push', 'email', 'push'] });
    expect(channels.body.data).toMatchObject({ time: '06:30', channels: ['push', 'email', 'kakao'] });
    const off = await client.post(`/api/me/reminders/${room.id}`, { form: { _method: 'PUT', enabled: '0', channels: 'email' } });
    expect(off.body.data).toMatchObject({ enabled: false, time: '06:30', channels: ['email'] });
    const bounds = await put(client, room.id, { time: '23:00', enabled: true, channels: [] });
    expect(bounds.body.data).toMatchObject({ enabled: true, time: '23:00', channels: [] });
    expect((await put(client, room.id, { time: '05:00' })).body.data.time).toBe('05:00');
    expect((await client.get('/api/me/reminders')).body.data).toEqual([{ ritual_session_id: room.id, title: room.title, enabled: true, time: '05:00', channels: [] }]);
  });

  it('refuses a bad time, channel or flag (422 with the field), changing nothing', async () => {
    const { user, client } = await member();
    const room = await createRoom(db());
    await joinRoom(db(), room.id, user.id);
    for (const [body, field] of [
      [{ time: '04:59' }, 'time'],
      [{ time: '23:01' }, 'time'],
      [{ time: '8:00' }, 'time'],
      [{ time: '24:00' }, 'time'],
      [{ time: '08:60' }, 'time'],
      [{ time: 800 }, 'time'],
      [{ channels: ['sms'] }, 'channels.0'],
      [{ channels: 'push,email' }, 'channels.0'],
      [{ channels: { push: true } }, 'channels'],
      [{ enabled: 'maybe' }, 'enabled'],
    ] as const) {
      const res = await put(client, room.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await put(client, room.id, { time: '04:00' })).body.errors.time).toEqual(['알림 시간은 05:00부터 23:00 사이로, 24시간제 HH:MM으로 정해 주세요.']);
    expect(await db().select().from(ritualReminders).where(eq(ritualReminders.userId, user.id))).toEqual([]);
  });

  it('answers 403 for another member’s session, 404 for none, 401 to a guest', async () => {
    const { user, client } = await member();
    const theirs = await createRoom(db());
    const owner = await member();
    await joinRoom(db(), theirs.id, owner.user.id);
    const refused = await put(client, theirs.id, { time: '07:00' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('내가 참여한 리추얼 방의 알림만 정할 수 있어요.');
    for (const id of [2_000_000_000, 'abc', 0, '2147483648']) {
      const missing = await put(client, id, { time: '07:00' });
      expect(missing.status, String(id)).toBe(404);
      expect(missing.body.message).toBe('리추얼 방을 찾을 수 없어요.');
    }
    expect((await theApp().client().post(`/api/me/reminders/${theirs.id}`, { json: { _method: 'PUT', time: '07:00' } })).status).toBe(401);
    expect(await db().select().from(ritualReminders).where(eq(ritualReminders.userId, user.id))).toEqual([]);
  });
});

/** Outboxes for one instance's senders. */
function senders(): ReminderSenders & { pushes: () => ReturnType<typeof readPushOutbox>; mails: () => ReturnType<typeof readOutbox>; kakaos: () => ReturnType<typeof readKakaoOutbox> } {
  const dir = mkdtempSync(join(tmpdir(), 'ritual-reminders-'));
  return {
    push: createOutboxPushSender(join(dir, 'push'), 'public-key'),
    mailer: createOutboxMailer(join(dir, 'mail')),
    kakao: createOutboxKakaoSender(join(dir, 'kakao')),
    pushes: () => readPushOutbox(join(dir, 'push')),
    mails: () => readOutbox(join(dir, 'mail')),
    kakaos: () => readKakaoOutbox(join(dir, 'kakao')),
  };
}

const today = seoulDateFromToday(0);
const at = (hours: number, minutes: number, seconds = 0) => new Date(seoulTime(today, hours, minutes).getTime() + seconds * 1000);

async function subscribe(userId: number, name: string) {
  const endpoint = `https://push.example.com/${name}-${userId}`;
  await db().insert(pushSubscriptions).values({ userId, endpoint, p256dh: 'p', auth: 'a' });
  return endpoint;
}

describe('the reminder job', () => {
  it('computes the window on Seoul’s clock', () => {
    expect(reminderWindow(new Date('2026-12-01T23:00:30Z'))).toEqual({
      day: '2026-12-02',
      dayStart: new Date('2026-12-01T15:00:00Z'),
      dayEnd: new Date('2026-12-02T15:00:00Z'),
      from: '07:59',
      to: '08:00',
    });
    expect(reminderWindow(new Date('2026-12-01T15:00:10Z'))).toMatchObject({ day: '2026-12-02', from: '00:00', to: '00:00' });
  });

  it('sends each due reminder once within two minutes of its time, by each channel asked for, and none after a check-in', async () => {
    const room = await createRoom(db());
    const dueDefault = await createMember(db());
    const checkedIn = await createMember(db());
    const off = await createMember(db());
    const later = await createMember(db());
    const everyChannel = await createMember(db(), { phone: '01012345678', phoneVerifiedAt: new Date(), countryCode: '82' });
    const unverified = await createMember(db(), { phone: '01099998888' });
    for (const user of [dueDefault, checkedIn, off, later, everyChannel, unverified]) await joinRoom(db(), room.id, user.id);
    await insertCheckIn(db(), room.id, checkedIn.id, today);
    await db().insert(ritualReminders).values([
      { userId: off.id, ritualSessionId: room.id, enabled: false, time: '08:00', channels: ['push'] },
      { userId: later.id, ritualSessionId: room.id, time: '08:01', channels: ['email'] },
      { userId: everyChannel.id, ritualSessionId: room.id, time: '08:00', channels: ['push', 'email', 'kakao'] },
      { userId: unverified.id, ritualSessionId: room.id, time: '08:00', channels: ['kakao'] },
    ]);
    const endpoints = {
      dueDefault: await subscribe(dueDefault.id, 'a'),
      checkedIn: await subscribe(checkedIn.id, 'b'),
      off: await subscribe(off.id, 'c'),
      everyChannel: await subscribe(everyChannel.id, 'd'),
    };
    const out = senders();

    // Before its time: nothing.
    expect((await sendDueReminders(db(), out, { appUrl: 'https://ritual.example', now: at(7, 59, 59), log: silent })).claimed).toBe(0);
    const first = await sendDueReminders(db(), out, { appUrl: 'https://ritual.example', now: at(8, 0, 30), log: silent });
    // Members of other tests' rooms have the default 08:00 too (claimed, with nowhere to push to).
    expect(first).toMatchObject({ pushed: 2, mailed: 1, kakao: 1, failed: 0 });
    const claimedHere = async () =>
      (await db().select({ userId: reminderDeliveries.userId }).from(reminderDeliveries).where(eq(reminderDeliveries.ritualSessionId, room.id)))
        .map((row) => row.userId)
        .sort((a, b) => a - b);
    expect(await claimedHere()).toEqual([dueDefault.id, everyChannel.id, unverified.id].sort((a, b) => a - b));
    const pushes = await out.pushes();
    expect(pushes.map((push) => push.endpoint).sort()).toEqual([endpoints.dueDefault, endpoints.everyChannel].sort());
    expect(pushes[0]).toMatchObject({ title: '오늘의 리추얼', body: `「${room.title}」 체크인할 시간이에요.`, url: '/today', tag: `reminder-${room.id}` });
    const [mail] = await out.mails();
    expect(mail).toMatchObject({ to: everyChannel.email, subject: `[리추얼] 오늘의 리추얼: ${room.title}`, links: ['https://ritual.example/today'] });
    expect(mail?.text).toContain(`${everyChannel.nickname}님, 오늘의 「${room.title}」 리추얼을 할 시간이에요.`);
    expect(await out.kakaos()).toEqual([
      expect.objectContaining({
        phone: '01012345678',
        template_code: 'RITUAL_REMINDER',
        variables: { nickname: everyChannel.nickname, ritual_title: room.title, url: 'https://ritual.example/today' },
      }),
    ]);

    // Later runs within the window claim nothing again; the 08:01 one is due at 08:01 only.
    expect((await sendDueReminders(db(), out, { appUrl: 'https://ritual.example', now: at(8, 1, 0), log: silent })).mailed).toBe(1);
    expect((await sendDueReminders(db(), out, { appUrl: 'https://ritual.example', now: at(8, 1, 59), log: silent })).claimed).toBe(0);
    expect(await out.pushes()).toHaveLength(2);
    expect((await out.mails()).map((m) => m.to).sort()).toEqual([everyChannel.email, later.email].sort());
    const deliveries = await db().select().from(reminderDeliveries).where(eq(reminderDeliveries.ritualSessionId, room.id));
    expect(deliveries.map((row) => row.userId).sort((a, b) => a - b)).toEqual([dueDefault.id, later.id, everyChannel.id, unverified.id].sort((a, b) => a - b));
    expect(deliveries.every((row) => row.day === today)).toBe(true);
  });

  it('sends none two minutes after the time, none outside the session’s days', async () => {
    const now = at(9, 0, 30);
    const late = await createMember(db());
    const running = await createRoom(db());
    await joinRoom(db(), running.id, late.id);
    await db().insert(ritualReminders).values({ userId: late.id, ritualSessionId: running.id, time: '08:58', channels: ['push'] });
    const before = await createMember(db());
    const upcoming = await createRoom(db(), { startsAt: seoulTime(seoulDateFromToday(1)), endsAt: seoulTime(seoulDateFromToday(29)) });
    const ended = await createRoom(db(), { startsAt: seoulTime(seoulDateFromToday(-28)), endsAt: seoulTime(today) });
    await joinRoom(db(), upcoming.id, before.id);
    await joinRoom(db(), ended.id, before.id);
    await db().insert(ritualReminders).values([
      { userId: before.id, ritualSessionId: upcoming.id, time: '09:00', channels: ['email'] },
      { userId: before.id, ritualSessionId: ended.id, time: '09:00', channels: ['email'] },
    ]);
    const out = senders();
    expect((await sendDueReminders(db(), out, { appUrl: 'https://ritual.example', now, log: silent })).claimed).toBe(0);
    expect(await out.mails()).toEqual([]);
    expect(
      await db()
        .select()
        .from(reminderDeliveries)
        .where(and(eq(reminderDeliveries.userId, before.id))),
    ).toEqual([]);
  });

  it('two instances running at once send each reminder exactly once', async () => {
    const { database, url } = testDb();
    const room = await createRoom(db());
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(db())));
    for (const user of members) await joinRoom(db(), room.id, user.id);
    await db().insert(ritualReminders).values(members.map((user) => ({ userId: user.id, ritualSessionId: room.id, time: '21:15', channels: ['email' as const] })));
    // PostgreSQL: a second pool, as a second instance has; PGlite is one process's database.
    const other = url ? await openDatabase(url) : database;
    const a = senders();
    const b = senders();
    try {
      const now = at(21, 15, 10);
      const runs = await Promise.all([
        sendDueReminders(database.db, a, { appUrl: 'https://ritual.example', now, log: silent }),
        sendDueReminders(other.db, b, { appUrl: 'https://ritual.example', now, log: silent }),
        sendDueReminders(database.db, a, { appUrl: 'https://ritual.example', now: at(21, 16, 50), log: silent }),
      ]);
      expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBe(12);
      const mailed = [...(await a.mails()), ...(await b.mails())].map((m) => m.to).sort();
      expect(mailed).toEqual(members.map((m) => m.email).sort());
    } finally {
      if (other !== database) await other.close();
    }
  });
});
