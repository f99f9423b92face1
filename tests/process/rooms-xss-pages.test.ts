import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, gt, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { ritualSessions, ritualSessionUsers, users } from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/members.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { createComment } from '../../src/server/modules/comments/service.ts';
import { createRoomPost } from '../../src/server/modules/rooms/posts.ts';
import { createRoomThread } from '../../src/server/modules/rooms/threads.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { injected } from '../helpers/xss-pages.ts';

// The stored-XSS corpus (tests/fixtures/xss-payloads.ts) through the room pages as the built server renders
// them: each payload as a room post's title and body (read by a member of the room, and by a guest
// through its shared link), as a thread, and all of them as comments on one post and one thread.
// tests/api/rooms-xss.test.ts checks what is stored and answered; this checks the HTML.

const payloads = xssPayloads;

let server: ServerProcess;
let roomId = 0;
let baselinePostId = 0;
let baselineThreadId = 0;
let commentedPostId = 0;
let commentedThreadId = 0;
// As many harmless comments: each comment brings its own buttons, which the checker counts.
let plainCommentedPostId = 0;
let plainCommentedThreadId = 0;
const postIds: number[] = [];
const threadIds: number[] = [];
let memberCookie = '';

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  const dataDir = tempDataDir();
  // Written through the services, as the API would write them, before the server opens the directory.
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 120_000 });
  try {
    const { db } = database;
    await migrateDatabase(database, resolve('drizzle'));
    await seedDemoData(db, { production: false });
    const [host] = await db.select().from(users).where(eq(users.email, 'member1@example.com'));
    const [member] = await db.select().from(users).where(eq(users.email, 'member2@example.com'));
    const now = new Date();
    const [room] = await db
      .select({ id: ritualSessions.id })
      .from(ritualSessions)
      .innerJoin(ritualSessionUsers, eq(ritualSessionUsers.ritualSessionId, ritualSessions.id))
      .where(and(eq(ritualSessionUsers.userId, host!.id), eq(ritualSessionUsers.role, 'host'), lt(ritualSessions.startsAt, now), gt(ritualSessions.endsAt, now)));
    roomId = room!.id;
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'ritual-room-xss-uploads-')));
    const post = (title: string, content: string) =>
      createRoomPost(db, storage, member!, roomId, { category: 'inspiration', title, content, isPublic: true });
    const thread = (title: string, content: string) => createRoomThread(db, storage, member!, roomId, { title, content });
    const titleOf = (payload: string, index: number) => payload.replace(/[\r\n]+/g, ' ').trim().slice(0, 100) || `글 ${index}`;
    baselinePostId = await post('평범한 기록', '<p>평범한 본문</p>');
    baselineThreadId = await thread('평범한 스레드', '<p>평범한 본문</p>');
    commentedPostId = await post('댓글 모음', '<p>본문</p>');
    commentedThreadId = await thread('댓글 모음 스레드', '<p>본문</p>');
    plainCommentedPostId = await post('댓글 모음', '<p>본문</p>');
    plainCommentedThreadId = await thread('댓글 모음 스레드', '<p>본문</p>');
    for (const [index, payload] of payloads.entries()) {
      postIds.push(await post(titleOf(payload, index), `<p>본문 ${index}</p>${payload}`));
      threadIds.push(await thread(titleOf(payload, index), `<p>본문 ${index}</p>${payload}`));
      const content = payload.slice(0, 1000);
      await createComment(db, { userId: host!.id, sessionId: null }, { modelType: 'ritual_session_post', modelId: commentedPostId, content, isAnonymous: false });
      await createComment(db, { userId: host!.id, sessionId: null }, { modelType: 'ritual_session_thread', modelId: commentedThreadId, content, isAnonymous: false });
      const plain = `평범한 댓글 ${index}`;
      await createComment(db, { userId: host!.id, sessionId: null }, { modelType: 'ritual_session_post', modelId: plainCommentedPostId, content: plain, isAnonymous: false });
      await createComment(db, { userId: host!.id, sessionId: null }, { modelType: 'ritual_session_thread', modelId: plainCommentedThreadId, content: plain, isAnonymous: false });
    }
  } finally {
    await database.close();
  }
  server = await startServer(dataDir);
  await waitUntilHealthy(server);
  memberCookie = await signIn('member1@example.com');
}, 300_000);

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

async function signIn(email: string): Promise<string> {
  const token = await fetch(`${server.url}/csrf-token`);
  const xsrf = token.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: {
      Cookie: xsrf,
      'X-XSRF-TOKEN': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

const read = async (path: string, signedIn: boolean) => {
  const response = await fetch(`${server.url}${path}`, signedIn ? { headers: { Cookie: memberCookie } } : {});
  expect(response.status, path).toBe(200);
  return response.text();
};

const pages = {
  post: (id: number) => read(`/room/${roomId}/${id}`, true),
  shared: (id: number) => read(`/shared/room/${roomId}/${id}`, false),
  thread: (id: number) => read(`/room/${roomId}/thread/${id}`, true),
};

describe('stored XSS in the room pages', () => {
  it('the checker sees the payloads on these pages at all', async () => {
    const baseline = await pages.post(baselinePostId);
    expect(baseline).toContain('평범한 본문');
    expect(injected(baseline.replace('</main>', '<img src=x onerror=alert(1)></main>'), baseline)).not.toEqual([]);
    expect(await pages.shared(baselinePostId)).toContain('평범한 본문');
    expect(await pages.thread(baselineThreadId)).toContain('평범한 본문');
  });

  for (const kind of ['post', 'shared', 'thread'] as const) {
    it(`renders no payload as a ${kind} page's title or body that could run`, async () => {
      const ids = kind === 'thread' ? threadIds : postIds;
      expect(ids).toHaveLength(payloads.length);
      const baseline = await pages[kind](kind === 'thread' ? baselineThreadId : baselinePostId);
      const failures: { payload: string; problems: string[] }[] = [];
      for (const [index, id] of ids.entries()) {
        const problems = injected(await pages[kind](id), baseline);
        if (problems.length > 0) failures.push({ payload: payloads[index]!, problems });
      }
      expect(failures).toEqual([]);
    }, 180_000);
  }

  it('renders every payload as a comment on a post and on a thread only as text', async () => {
    const [post, plainPost] = await Promise.all([pages.post(commentedPostId), pages.post(plainCommentedPostId)]);
    const [thread, plainThread] = await Promise.all([pages.thread(commentedThreadId), pages.thread(plainCommentedThreadId)]);
    // The comments are in the page as the server renders it, not only in a script's data.
    expect(plainPost).toContain(`평범한 댓글 ${payloads.length - 1}`);
    expect(plainThread).toContain(`평범한 댓글 ${payloads.length - 1}`);
    expect(injected(post, plainPost)).toEqual([]);
    expect(injected(thread, plainThread)).toEqual([]);
  });
});
