import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import type { Mailer } from '../../src/server/adapters/mail/index.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { notifications, ritualSessionLetters, users } from '../../src/server/db/schema/index.ts';
import { deliverDueLetters } from '../../src/server/modules/letters/delivery.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { createRoom, joinRoom } from '../helpers/room-progress-factories.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms);
const APP_URL = 'http://localhost:4321';
const outboxMailer = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ritual-letters-'));
  return { mailer: createOutboxMailer(dir), read: () => readOutbox(dir) };
};

async function runningRoom() {
  const room = await createRoom(db(), at(-48 * HOUR), at(48 * HOUR));
  const me = await signedInMember(db());
  const other = await signedInMember(db());
  await joinRoom(db(), room.id, me.user.id);
  await joinRoom(db(), room.id, other.user.id);
  return { room, me, other };
}

describe('POST and GET /api/ritual-sessions/{id}/message-to-myself', () => {
  it('keeps one letter per member per room, editable until the end, read only by its author', async () => {
    const { room, me, other } = await runningRoom();
    const path = `/api/ritual-sessions/${room.id}/message-to-myself`;
    expect((await me.client.get(path)).body).toEqual({ data: null });

    const created = await me.client.post(path, {
      json: { content: '  4주 뒤의 나에게.\r\n매일 10분, 잘 해냈지?  ' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      ritual_session_id: room.id,
      content: '4주 뒤의 나에게.\n매일 10분, 잘 해냈지?',
      state: 'writing',
      editable: true,
      delivered_at: null,
    });
    expect(created.body.data.deliver_at).toBe(`${room.endsAt.toISOString().slice(0, -1)}000Z`);

    const edited = await me.client.post(path, {
      json: { content: '고쳐 쓴 편지' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: created.body.data.id,
      content: '고쳐 쓴 편지',
    });
    expect((await me.client.get(path)).body.data.content).toBe('고쳐 쓴 편지');
    // Another member of the same room reads only their own (none).
    expect((await other.client.get(path)).body).toEqual({ data: null });
    const rows = await db().select().from(ritualSessionLetters).where(eq(ritualSessionLetters.ritualSessionId, room.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses empty, too long or missing content (422, nothing stored)', async () => {
    const { room, me } = await runningRoom();
    const path = `/api/ritual-sessions/${room.id}/message-to-myself`;
    for (const [body, message] of [
      [{ content: '   ' }, '편지 내용을 입력해 주세요.'],
      [{}, '편지 내용을 입력해 주세요.'],
      [{ content: 42 }, '편지 내용을 입력해 주세요.'],
      [{ content: '가'.repeat(2001) }, '편지는 2,000자 이하로 써 주세요.'],
    ] as const) {
      const res = await me.client.post(path, { json: body });
      expect(res.status).toBe(422);
      expect(res.body.errors.content).toEqual([message]);
    }
    expect(await db().select().from(ritualSessionLetters).where(eq(ritualSessionLetters.ritualSessionId, room.id))).toEqual([]);
  });

  it('refuses a non-member and staff outside the room (403), a guest (401) and an unknown room (404)', async () => {
    const { room } = await runningRoom();
    const path = `/api/ritual-sessions/${room.id}/message-to-myself`;
    const outsider = await signedInMember(db());
    const staff = await signedInMember(db(), { role: 'staff' });
    const guest = createTestApp(db()).client();
    const body = { json: { content: '편지' } };
    expect((await outsider.client.post(path, body)).status).toBe(403);
    expect((await outsider.client.get(path)).status).toBe(403);
    const byStaff = await staff.client.post(path, body);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe('이 리추얼 방의 멤버만 나에게 편지를 쓸 수 있어요.');
    expect((await guest.post(path, body)).status).toBe(401);
    expect((await guest.get(path)).status).toBe(401);
    expect((await outsider.client.post('/api/ritual-sessions/999999/message-to-myself', body)).status).toBe(404);
  });

  it('refuses a new letter or an edit once the session is over, with a clear message', async () => {
    const { room, me, other } = await runningRoom();
    const path = `/api/ritual-sessions/${room.id}/message-to-myself`;
    await me.client.post(path, { json: { content: '처음 쓴 편지' } });
    const { ritualSessions } = await import('../../src/server/db/schema/index.ts');
    await db()
      .update(ritualSessions)
      .set({ endsAt: at(-HOUR) })
      .where(eq(ritualSessions.id, room.id));
    const late = await me.client.post(path, {
      json: { content: '늦게 고친 편지' },
    });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('리추얼이 끝나 편지를 더 쓰거나 고칠 수 없어요.');
    expect((await other.client.post(path, { json: { content: '새 편지' } })).status).toBe(403);
    const mine = (await me.client.get(path)).body.data;
    expect(mine).toMatchObject({
      content: '처음 쓴 편지',
      state: 'waiting',
      editable: false,
    });
  });
});

/** A room that ended an hour ago with `count` letters, and no other letter due anywhere. */
async function endedRoomWithLetters(count: number) {
  await db().delete(ritualSessionLetters);
  const room = await createRoom(db(), at(-30 * 24 * HOUR), at(-HOUR), '지난 달 명상');
  const members = [];
  for (let i = 0; i < count; i += 1) {
    const member = await createMember(db());
    await joinRoom(db(), room.id, member.id);
    members.push(member);
  }
  await db()
    .insert(ritualSessionLetters)
    .values(
      members.map((member, i) => ({
        ritualSessionId: room.id,
        userId: member.id,
        content: `편지 ${i}\n잘 했어.`,
      })),
    );
  return { room, members };
}

const letterNotifications = async (userIds: number[]) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, 'letter'), inArray(notifications.userId, userIds)));

describe('delivering letters at the end of the session', () => {
  it('notifies and mails each letter once, links to the letter page, and leaves running rooms alone', async () => {
    const { room, members } = await endedRoomWithLetters(3);
    const running = await runningRoom();
    await running.me.client.post(`/api/ritual-sessions/${running.room.id}/message-to-myself`, { json: { content: '아직' } });
    const { mailer, read } = outboxMailer();

    const result = await deliverDueLetters(db(), mailer, {
      appUrl: APP_URL,
      batchSize: 2,
    });
    expect(result).toEqual({ delivered: 3, mailed: 3, mailFailed: 0 });
    const sent = await letterNotifications(members.map((m) => m.id));
    expect(sent).toHaveLength(3);
    expect(sent[0]!.data).toMatchObject({
      title: '지난 달 명상',
      link: `/room/${room.id}/letter`,
      ritual_session_id: room.id,
      target: 'post',
    });
    const mail = await read();
    expect(mail.map((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
    expect(mail[0]!.subject).toBe('[리추얼] 나에게 쓴 편지가 도착했어요');
    expect(mail[0]!.links).toEqual([`${APP_URL}/room/${room.id}/letter`]);
    expect(mail[0]!.html).toContain('잘 했어.');

    expect(await deliverDueLetters(db(), mailer, { appUrl: APP_URL })).toEqual({
      delivered: 0,
      mailed: 0,
      mailFailed: 0,
    });
    expect(await read()).toHaveLength(3);
    const [pending] = await db().select().from(ritualSessionLetters).where(eq(ritualSessionLetters.ritualSessionId, running.room.id));
    expect(pending!.deliveredAt).toBeNull();

    // The member sees it in the list, with no actor and the letter's own sentence on the client.
    const reader = await signedInMember(db());
    await db().update(notifications).set({ userId: reader.user.id }).where(eq(notifications.id, sent[0]!.id));
    const listed = (await reader.client.get('/api/notifications')).body.data[0].data;
    expect(listed).toMatchObject({
      is_letter: true,
      is_mention: false,
      nickname: null,
      profile_image: null,
      link: `/room/${room.id}/letter`,
    });
  });

  it('shows a delivered letter to its author in the room, and to nobody else', async () => {
    const { room, me, other } = await runningRoom();
    const path = `/api/ritual-sessions/${room.id}/message-to-myself`;
    await me.client.post(path, { json: { content: '끝까지 해낸 나에게' } });
    const { ritualSessions } = await import('../../src/server/db/schema/index.ts');
    await db()
      .update(ritualSessions)
      .set({ endsAt: at(-1000) })
      .where(eq(ritualSessions.id, room.id));
    await deliverDueLetters(db(), outboxMailer().mailer, { appUrl: APP_URL });
    const mine = (await me.client.get(path)).body.data;
    expect(mine).toMatchObject({
      content: '끝까지 해낸 나에게',
      state: 'delivered',
      editable: false,
    });
    expect(mine.delivered_at).not.toBeNull();
    expect((await other.client.get(path)).body.data).toBeNull();
  });

  it('still delivers by notification when a mail fails, and never mails it again', async () => {
    const { members } = await endedRoomWithLetters(2);
    const errors: unknown[] = [];
    const failing: Mailer = {
      send: () => Promise.reject(new Error('SMTP down')),
    };
    const result = await deliverDueLetters(db(), failing, {
      appUrl: APP_URL,
      log: { error: (entry: unknown) => errors.push(entry) } as never,
    });
    expect(result).toEqual({ delivered: 2, mailed: 0, mailFailed: 2 });
    expect(errors).toHaveLength(2);
    expect(await letterNotifications(members.map((m) => m.id))).toHaveLength(2);
    const { mailer, read } = outboxMailer();
    await deliverDueLetters(db(), mailer, { appUrl: APP_URL });
    expect(await read()).toEqual([]);
  });

  it('skips the mail of a member who has left, and still marks the letter delivered', async () => {
    const { room, members } = await endedRoomWithLetters(1);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, members[0]!.id));
    const { mailer, read } = outboxMailer();
    expect(await deliverDueLetters(db(), mailer, { appUrl: APP_URL })).toEqual({
      delivered: 1,
      mailed: 0,
      mailFailed: 0,
    });
    expect(await read()).toEqual([]);
    const left = await db()
      .select()
      .from(ritualSessionLetters)
      .where(and(eq(ritualSessionLetters.ritualSessionId, room.id), isNull(ritualSessionLetters.deliveredAt)));
    expect(left).toEqual([]);
  });

  it('after a run stopped in the middle, the next delivers the rest and repeats nothing', async () => {
    const { members } = await endedRoomWithLetters(7);
    const first = outboxMailer();
    const stopping = new AbortController();
    // Shutdown begins while the first batch's mail goes out: the run stops between batches.
    const stopper: Mailer = {
      async send(message) {
        await first.mailer.send(message);
        stopping.abort();
      },
    };
    const partial = await deliverDueLetters(db(), stopper, {
      appUrl: APP_URL,
      batchSize: 3,
      signal: stopping.signal,
    });
    expect(partial.delivered).toBe(3);
    const second = outboxMailer();
    const rest = await deliverDueLetters(db(), second.mailer, {
      appUrl: APP_URL,
      batchSize: 3,
    });
    expect(rest.delivered).toBe(4);
    const mailed = [...(await first.read()), ...(await second.read())].map((m) => m.to).sort();
    expect(mailed).toEqual(members.map((m) => m.email).sort());
    const sent = await letterNotifications(members.map((m) => m.id));
    expect(sent.map((n) => n.userId).sort()).toEqual(members.map((m) => m.id).sort());
  });

  it('a claimed batch that never commits (a killed instance) is delivered by the next run, once', async (context) => {
    const { database, url, kind } = testDb();
    if (kind !== 'postgres' || !url) return context.skip();
    const { members } = await endedRoomWithLetters(6);
    const ids = (
      await db().select({ id: ritualSessionLetters.id }).from(ritualSessionLetters).where(isNull(ritualSessionLetters.deliveredAt))
    ).map((row) => row.id);
    const stalled = await openDatabase(url);
    const { mailer, read } = outboxMailer();
    try {
      // Another instance has claimed two letters and hangs inside its transaction.
      let release!: () => void;
      let claimed!: () => void;
      const holding = new Promise<void>((done) => (claimed = done));
      const killed = stalled.db
        .transaction(async (tx) => {
          await tx.execute(sql`select id from ritual_session_letters where id in (${sql.join(ids.slice(0, 2), sql`, `)}) for update`);
          claimed();
          await new Promise<void>((done) => (release = done));
          throw new Error('killed');
        })
        .catch(() => undefined);
      await holding;
      const meanwhile = await deliverDueLetters(database.db, mailer, {
        appUrl: APP_URL,
        batchSize: 2,
      });
      expect(meanwhile.delivered).toBe(4);
      release();
      await killed;
      const after = await deliverDueLetters(database.db, mailer, {
        appUrl: APP_URL,
        batchSize: 2,
      });
      expect(after.delivered).toBe(2);
      expect((await read()).map((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
      expect(await letterNotifications(members.map((m) => m.id))).toHaveLength(6);
    } finally {
      await stalled.close();
    }
  });

  it('two instances delivering at once deliver each letter exactly once', async () => {
    const { database, url } = testDb();
    const { members } = await endedRoomWithLetters(40);
    // PostgreSQL: a second pool, as a second instance has; PGlite is one process's database.
    const other = url ? await openDatabase(url) : database;
    const a = outboxMailer();
    const b = outboxMailer();
    try {
      const both = await Promise.all([
        deliverDueLetters(database.db, a.mailer, {
          appUrl: APP_URL,
          batchSize: 3,
        }),
        deliverDueLetters(other.db, b.mailer, {
          appUrl: APP_URL,
          batchSize: 3,
        }),
        deliverDueLetters(database.db, a.mailer, {
          appUrl: APP_URL,
          batchSize: 5,
        }),
      ]);
      expect(both.reduce((sum, r) => sum + r.delivered, 0)).toBe(40);
      const mailed = [...(await a.read()), ...(await b.read())].map((m) => m.to).sort();
      expect(mailed).toEqual(members.map((m) => m.email).sort());
      const sent = await letterNotifications(members.map((m) => m.id));
      expect(sent).toHaveLength(40);
      expect(new Set(sent.map((n) => n.sourceId)).size).toBe(40);
    } finally {
      if (other !== database) await other.close();
    }
  });
});
