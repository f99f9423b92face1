import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import type { FileStorage } from '../../src/server/adapters/storage/storage.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { inquiries, memberExports, notifications } from '../../src/server/db/schema/index.ts';
import { cleanUp } from '../../src/server/jobs/cleanup.ts';
import { runPendingExports } from '../../src/server/modules/exports/run.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createRoom, joinRoom } from '../helpers/room-progress-factories.ts';
import { createCategory, createPost } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { indexesOf, planOf } from '../helpers/query-plans.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const HOUR = 3_600_000;
const APP_URL = 'http://localhost:4321';
const at = (ms: number) => new Date(Date.now() + ms);
const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `ritual-${name}-`));
const silent = { error: () => undefined, warn: () => undefined };

/**
 * One app with its own exports folder, the job's view of the same folders, and members signed in
 * to it. The job takes whatever is pending, so an earlier test's exports are cleared first.
 */
async function setUp() {
  await db().delete(memberExports);
  const exportsDir = tempDir('exports');
  const app = createTestApp(db(), { exportsDir });
  const mailDir = tempDir('export-mail');
  const storage = createLocalStorage(app.uploadsDir);
  const runJob = (over: Partial<{ storage: FileStorage }> = {}) =>
    runPendingExports(db(), { storage, mailer: createOutboxMailer(mailDir), exportsDir, appUrl: APP_URL, log: silent, ...over });
  const member = async () => {
    const user = await createMember(db());
    const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const client = app.client();
    client.cookies.set('session', token);
    return { user, client };
  };
  return { app, exportsDir, storage, runJob, member, mail: () => readOutbox(mailDir) };
}

async function uploadPicture(app: TestApp, client: ReturnType<TestApp['client']>): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 194, g: 65, b: 12 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new File([new Uint8Array(bytes)], 'sunrise.png', { type: 'image/png' }));
  const res = await client.post('/api/image-upload', { multipart: form });
  expect(res.status, res.text).toBe(201);
  expect(existsSync(join(app.uploadsDir, res.body.data.url.slice('/uploads/'.length)))).toBe(true);
  return res.body.data.url as string;
}

/** A member who checked in, wrote a record with a picture, a letter and a square post, in a running room. */
async function memberWhoWrote(setup: Awaited<ReturnType<typeof setUp>>) {
  const me = await setup.member();
  const room = await createRoom(db(), at(-48 * HOUR), at(48 * HOUR), '새벽 기상 30일');
  await joinRoom(db(), room.id, me.user.id);
  const pictureUrl = await uploadPicture(setup.app, me.client);
  const post = await me.client.post(`/api/ritual-sessions/${room.id}/posts`, {
    json: { category: 'wakeup', content: `<p>새벽 5시에 일어나 물 한 잔 마셨어요.</p><p><img src="${pictureUrl}" alt="해돋이"></p>` },
  });
  expect(post.status, post.text).toBe(201);
  expect((await me.client.post(`/api/ritual-sessions/${room.id}/check-in`, { json: {} })).status).toBe(201);
  const letter = await me.client.post(`/api/ritual-sessions/${room.id}/message-to-myself`, { json: { content: '4주 뒤의 나에게, 잘 해냈지?' } });
  expect(letter.status, letter.text).toBe(201);
  const squarePost = await createPost(db(), me.user, await createCategory(db()), { title: '광장에 남긴 첫 글', contentHtml: '<p>함께해서 든든해요.</p>', excerpt: '함께해서 든든해요.' });
  const reacted = await me.client.post('/api/reactions', { json: { model_type: 'square_post', model_id: squarePost.id, reaction_type: 'cheer' } });
  expect(reacted.status, reacted.text).toBeLessThan(300);
  await db().insert(inquiries).values({ userId: me.user.id, inquiryCategoryId: 1, title: '배송 문의', content: '언제 도착하나요?' });
  return { ...me, room, pictureUrl, squarePost };
}

describe('the member export', () => {
  it('starts, is built by the job, tells the member, and downloads as a ZIP of data.json, pages and pictures', async () => {
    const setup = await setUp();
    const me = await memberWhoWrote(setup);

    const started = await me.client.post('/api/me/exports');
    expect(started.status, started.text).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'pending', download_url: null, expires_at: null });
    const { id } = started.body.data;
    // One at a time: asking again while it is under way answers the same export.
    expect((await me.client.post('/api/me/exports')).body.data.id).toBe(id);
    expect((await me.client.get(`/api/me/exports/${id}/download`)).status).toBe(404);

    expect(await setup.runJob()).toEqual({ ready: 1, failed: 0 });
    const ready = await me.client.get(`/api/me/exports/${id}`);
    expect(ready.body.data).toMatchObject({ id, status: 'ready', download_url: `/api/me/exports/${id}/download` });
    const keptFor = Date.parse(ready.body.data.expires_at) - Date.now();
    expect(keptFor).toBeGreaterThan(7 * 24 * HOUR - 60_000);
    expect(keptFor).toBeLessThanOrEqual(7 * 24 * HOUR);
    expect((await me.client.get('/api/me/exports')).body.data.map((item: { id: number }) => item.id)).toEqual([id]);

    const [notification] = (await me.client.get('/api/notifications')).body.data;
    expect(notification.data).toMatchObject({ is_export_ready: true, link: '/mypage#member-export', nickname: null });
    const [mail] = await setup.mail();
    expect(mail).toMatchObject({ to: me.user.email, subject: '[리추얼] 내 기록을 내려받을 준비가 됐어요' });
    expect(mail!.links).toEqual([`${APP_URL}/mypage#member-export`]);

    const download = await me.client.get(`/api/me/exports/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="ritual-records-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(download.bytes);
    const pictureKey = me.pictureUrl.slice('/uploads/'.length);
    expect(Object.keys(files).sort()).toEqual(['data.json', `images/${pictureKey}`, 'index.html', `sessions/${me.room.id}.html`].sort());

    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data).toMatchObject({ format: 'ritual-member-export', version: 1, profile: { id: me.user.id, email: me.user.email, nickname: me.user.nickname } });
    expect(data.sessions).toEqual([expect.objectContaining({ id: me.room.id, title: '새벽 기상 30일', role: 'member' })]);
    expect(data.room_posts).toHaveLength(1);
    expect(data.room_posts[0]).toMatchObject({ ritual_session_id: me.room.id, category: 'wakeup' });
    expect(data.room_posts[0].content_html).toContain('새벽 5시에 일어나 물 한 잔 마셨어요.');
    expect(data.check_ins).toHaveLength(1);
    expect(data.letters).toEqual([expect.objectContaining({ content: '4주 뒤의 나에게, 잘 해냈지?' })]);
    expect(data.square_posts).toEqual([expect.objectContaining({ title: '광장에 남긴 첫 글' })]);
    expect(data.orders).toEqual([]);
    expect(data.inquiries).toEqual([expect.objectContaining({ title: '배송 문의', content: '언제 도착하나요?', answer: null })]);
    expect(data.reactions).toEqual([expect.objectContaining({ model_type: 'square_post', model_id: me.squarePost.id, reaction_type: 'cheer' })]);

    const index = strFromU8(files['index.html']!);
    expect(index).toContain('<html lang="ko">');
    expect(index).toContain(`href="sessions/${me.room.id}.html"`);
    expect(index).toContain('광장에 남긴 첫 글');
    const sessionPage = strFromU8(files[`sessions/${me.room.id}.html`]!);
    expect(sessionPage).toContain('새벽 5시에 일어나 물 한 잔 마셨어요.');
    expect(sessionPage).toContain(`src="../images/${pictureKey}"`);
    expect(sessionPage).toContain('4주 뒤의 나에게, 잘 해냈지?');
    expect(sessionPage).toContain('체크인한 날 (1일)');
    expect(files[`images/${pictureKey}`]).toEqual(new Uint8Array(readFileSync(join(setup.app.uploadsDir, pictureKey))));
  });

  it('reads every table of the member through an index: no statement of the build needs a sequential scan', async () => {
    const setup = await setUp();
    const me = await memberWhoWrote(setup);
    expect((await me.client.post('/api/me/exports')).status).toBe(202);
    const counted = countQueries(db(), testDb().kind);
    const statements = await counted.during(() =>
      runPendingExports(counted.db, { storage: setup.storage, mailer: createOutboxMailer(tempDir('export-plan-mail')), exportsDir: setup.exportsDir, appUrl: APP_URL, log: silent }),
    );
    expect(statements.length).toBeGreaterThan(10);
    for (const statement of statements.filter((entry) => /^\s*select/i.test(entry.sql))) {
      // With sequential scans priced out, a plan that still holds one has no index to use.
      const plan = await planOf(db(), statement, ['enable_seqscan = off']);
      expect(plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']), statement.sql).toEqual([]);
      // Walking the primary key for one member's rows would read the whole table: these go by member.
      for (const table of ['ritual_session_threads', 'ritual_session_letters']) {
        if (new RegExp(`from ${table}\\b`).test(statement.sql)) expect(indexesOf(plan), statement.sql).toContain(`${table}_user_idx`);
      }
    }
  });

  it('is the owner’s only: another member is answered 404, a guest 401', async () => {
    const setup = await setUp();
    const me = await setup.member();
    const other = await setup.member();
    const { id } = (await me.client.post('/api/me/exports')).body.data;
    await setup.runJob();
    expect((await me.client.get(`/api/me/exports/${id}/download`)).status).toBe(200);
    for (const path of [`/api/me/exports/${id}`, `/api/me/exports/${id}/download`]) {
      const refused = await other.client.get(path);
      expect(refused.status, path).toBe(404);
      expect(refused.body.message).toBe('내보내기를 찾을 수 없어요.');
      expect((await setup.app.client().get(path)).status, path).toBe(401);
    }
    expect((await other.client.get('/api/me/exports')).body.data).toEqual([]);
    expect((await setup.app.client().post('/api/me/exports')).status).toBe(401);

    // A row whose file is gone (an instance that does not share the folder) is no download.
    for (const name of readdirSync(setup.exportsDir)) rmSync(join(setup.exportsDir, name));
    const missing = await me.client.get(`/api/me/exports/${id}/download`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('내려받을 파일을 찾을 수 없어요. 마이페이지에서 새로 내보내기를 해 주세요.');
  });

  it('answers the fourth start of a Seoul day 429, with Retry-After until midnight', async () => {
    const setup = await setUp();
    const me = await setup.member();
    for (let n = 0; n < 3; n += 1) {
      const started = await me.client.post('/api/me/exports');
      expect(started.status).toBe(202);
      await db().update(memberExports).set({ status: 'failed' }).where(eq(memberExports.id, started.body.data.id));
    }
    const fourth = await me.client.post('/api/me/exports');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: '내 기록 내보내기는 하루에 3번까지 할 수 있어요. 내일 다시 시도해 주세요.' });
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await db().select().from(memberExports).where(eq(memberExports.userId, me.user.id))).toHaveLength(3);
    // Another member's day is their own.
    expect((await (await setup.member()).client.post('/api/me/exports')).status).toBe(202);
  });

  it('expires after 7 days: the download answers 410, and the cleanup removes the file and the row (and abandoned half-written files)', async () => {
    const setup = await setUp();
    const me = await setup.member();
    const { id } = (await me.client.post('/api/me/exports')).body.data;
    await setup.runJob();
    const [row] = await db().select().from(memberExports).where(eq(memberExports.id, id));
    expect(readdirSync(setup.exportsDir)).toEqual([row!.fileName]);

    await db().update(memberExports).set({ expiresAt: at(-60_000) }).where(eq(memberExports.id, id));
    const gone = await me.client.get(`/api/me/exports/${id}/download`);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('내려받을 수 있는 기간(7일)이 지났어요. 마이페이지에서 새로 내보내기를 해 주세요.');
    expect((await me.client.get(`/api/me/exports/${id}`)).body.data).toMatchObject({ status: 'ready', download_url: null });

    // Half-written ZIPs: one of a build that died an hour and more ago, one being written now.
    const abandoned = join(setup.exportsDir, 'member-export-1-dead.zip.part');
    writeFileSync(abandoned, 'PK');
    utimesSync(abandoned, at(-2 * HOUR), at(-2 * HOUR));
    writeFileSync(join(setup.exportsDir, 'member-export-2-live.zip.part'), 'PK');

    const cleaned = await cleanUp(db(), { everyMs: 60_000, frontErrorRetentionDays: 30, frontErrorMaxRows: 10_000, exportsDir: setup.exportsDir });
    expect(cleaned.memberExports).toBe(1);
    expect(readdirSync(setup.exportsDir)).toEqual(['member-export-2-live.zip.part']);
    expect((await me.client.get(`/api/me/exports/${id}`)).status).toBe(404);
    expect((await me.client.get(`/api/me/exports/${id}/download`)).status).toBe(404);
  });

  it('marks a build that fails as failed, leaves no file, tells nobody, and lets the member try again', async () => {
    const setup = await setUp();
    const me = await memberWhoWrote(setup);
    const { id } = (await me.client.post('/api/me/exports')).body.data;
    const broken: FileStorage = {
      ...setup.storage,
      stream: () => Promise.reject(new Error('the disk went away')),
    };
    expect(await setup.runJob({ storage: broken })).toEqual({ ready: 0, failed: 1 });
    expect((await me.client.get(`/api/me/exports/${id}`)).body.data).toMatchObject({ status: 'failed', download_url: null });
    expect((await me.client.get(`/api/me/exports/${id}/download`)).status).toBe(404);
    expect(readdirSync(setup.exportsDir)).toEqual([]);
    expect((await me.client.get('/api/notifications')).body.data).toEqual([]);
    expect(await setup.mail()).toEqual([]);

    const again = await me.client.post('/api/me/exports');
    expect(again.status).toBe(202);
    expect(again.body.data.id).not.toBe(id);
  });

  it('claims a run left running by an instance that died, and leaves one under way alone', async () => {
    const setup = await setUp();
    const stuck = await setup.member();
    const busy = await setup.member();
    const [left] = await db()
      .insert(memberExports)
      .values({ userId: stuck.user.id, status: 'running', claimedAt: at(-HOUR) })
      .returning();
    const [underWay] = await db()
      .insert(memberExports)
      .values({ userId: busy.user.id, status: 'running', claimedAt: at(-60_000) })
      .returning();
    expect(await setup.runJob()).toEqual({ ready: 1, failed: 0 });
    const rows = await db().select().from(memberExports);
    expect(rows.find((row) => row.id === left!.id)?.status).toBe('ready');
    expect(rows.find((row) => row.id === underWay!.id)).toMatchObject({ status: 'running', fileName: null });
  });

  it('is built once by each export whatever the instances running the job at once', async () => {
    const setup = await setUp();
    const members = await Promise.all(Array.from({ length: 6 }, () => setup.member()));
    for (const member of members) expect((await member.client.post('/api/me/exports')).status).toBe(202);
    const { database, url } = testDb();
    // PostgreSQL: a second pool, as a second instance has; PGlite is one process's database.
    const other = url ? await openDatabase(url) : database;
    try {
      const runs = await Promise.all([
        setup.runJob(),
        runPendingExports(other.db, { storage: setup.storage, mailer: createOutboxMailer(tempDir('export-mail-b')), exportsDir: setup.exportsDir, appUrl: APP_URL, log: silent }),
        setup.runJob(),
      ]);
      expect(runs.reduce((sum, run) => sum + run.ready, 0)).toBe(6);
      expect(runs.every((run) => run.failed === 0)).toBe(true);
    } finally {
      if (other !== database) await other.close();
    }
    const rows = await db().select().from(memberExports);
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('ready'));
    expect(readdirSync(setup.exportsDir).sort()).toEqual(rows.map((row) => row.fileName).sort());
    const told = await db()
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, members.map((member) => member.user.id)));
    expect(told.map((notification) => notification.sourceId).sort()).toEqual(rows.map((row) => row.id).sort());
  });
});
