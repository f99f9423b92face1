import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';
import { createLocalStorage } from '../../src/server/adapters/storage/local-storage.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { squarePostCategories, users } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { createComment } from '../../src/server/modules/comments/service.ts';
import { createSquarePost } from '../../src/server/modules/square/write-service.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { injected } from '../helpers/xss-pages.ts';

// The stored-XSS corpus (tests/fixtures/xss-payloads.ts) through the pages as the built server renders them to
// a guest: each payload as a post's title and body, and all of them as comments on one post. The
// API test checks what is stored and answered; this checks the HTML a browser would run.

const payloads = xssPayloads;

let server: ServerProcess;
let boardSlug = '';
let baselineId = 0;
let threadId = 0;
const postIds: number[] = [];

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  const dataDir = tempDataDir();
  // Written through the services, as the API would write them, before the server opens the directory.
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 120_000 });
  try {
    const { db } = database;
    await migrateDatabase(database, resolve('drizzle'));
    await seedDemoData(db, { production: false });
    const [author] = await db.select().from(users).where(eq(users.email, 'member1@example.com'));
    const [reader] = await db.select().from(users).where(eq(users.email, 'member2@example.com'));
    const [board] = await db.select().from(squarePostCategories).where(eq(squarePostCategories.slug, 'free'));
    boardSlug = board!.slug;
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'ritual-xss-uploads-')));
    const write = (title: string, content: string) =>
      createSquarePost(db, storage, author!, { categoryId: board!.id, title, content, isAnonymous: false, isNotice: false, password: undefined });
    baselineId = await write('평범한 글', '<p>평범한 본문</p>');
    threadId = await write('댓글 모음', '<p>본문</p>');
    for (const [index, payload] of payloads.entries()) {
      postIds.push(await write(payload.replace(/[\r\n]+/g, ' ').trim().slice(0, 100) || `글 ${index}`, `<p>본문 ${index}</p>${payload}`));
      await createComment(db, { userId: reader!.id, sessionId: null }, { modelType: 'square_post', modelId: threadId, content: payload.slice(0, 1000), isAnonymous: false });
    }
  } finally {
    await database.close();
  }
  server = await startServer(dataDir);
  await waitUntilHealthy(server);
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

const page = async (id: number) => {
  const response = await fetch(`${server.url}/square/${boardSlug}/${id}`);
  expect(response.status).toBe(200);
  return response.text();
};

describe('stored XSS in the pages a guest reads', () => {
  it('the checker catches what it must', async () => {
    const baseline = await page(baselineId);
    expect(injected(baseline, baseline)).toEqual([]);
    expect(injected(baseline.replace('</main>', '<img src=x onerror=alert(1)></main>'), baseline)).not.toEqual([]);
    expect(injected(baseline.replace('</main>', '<a href="&#x6A;avascript:alert(1)">x</a></main>'), baseline)).not.toEqual([]);
    expect(injected(baseline.replace('</main>', '<svg><g></g></svg></main>'), baseline)).not.toEqual([]);
    expect(injected(baseline.replace('"headline":"', '"headline":"</script><script>alert(1)</script>'), baseline)).not.toEqual([]);
  });

  it('renders no payload as a post’s title or body that could run', async () => {
    expect(postIds).toHaveLength(payloads.length);
    const baseline = await page(baselineId);
    const failures: { payload: string; problems: string[] }[] = [];
    for (const [index, id] of postIds.entries()) {
      const problems = injected(await page(id), baseline);
      if (problems.length > 0) failures.push({ payload: payloads[index]!, problems });
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('renders every payload as a comment only as text', async () => {
    const thread = await page(threadId);
    expect(injected(thread, await page(baselineId))).toEqual([]);
    expect(thread.match(/class="comment"/g)).toHaveLength(payloads.length);
  });
});
