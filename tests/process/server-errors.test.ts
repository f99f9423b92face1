import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';

/**
 * A server whose database lost two tables after it was set up: the notices (read by the notice
 * page and GET /api/notices) and the sessions (read by the page middleware for any visitor with a
 * session cookie). Each layer then throws on a real request, and each 500 must be logged with the
 * id the visitor was given.
 */
let server: ServerProcess;

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  const dataDir = tempDataDir();
  const first = await startServer(dataDir);
  await waitUntilHealthy(first);
  expect(await stopServer(first)).toBe(0);
  const database = await openDatabase(`file://${dataDir}`);
  try {
    await database.db.execute(sql`alter table notices rename to notices_moved_away`);
    await database.db.execute(sql`alter table sessions rename to sessions_moved_away`);
  } finally {
    await database.close();
  }
  server = await startServer(dataDir);
  await waitUntilHealthy(server);
});

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
});

/** The server's log lines (JSON) that carry this request id. */
async function logLinesOf(requestId: string): Promise<Record<string, unknown>[]> {
  let found: Record<string, unknown>[] = [];
  // Log lines are written in batches, at the latest a second after.
  await expect
    .poll(
      () => {
        found = server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{') && line.includes(requestId))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        return found.some((line) => line['level'] === 50);
      },
      { timeout: 5000 },
    )
    .toBe(true);
  return found;
}

const ID = /^[0-9a-f-]{36}$/;
const browser = { Accept: 'text/html,application/xhtml+xml' };

describe('a server error in each layer of the built server', () => {
  it('the API: 500 in its JSON shape, logged with the id it answered', async () => {
    const res = await fetch(`${server.url}/api/notices`, { headers: { Accept: 'application/json', 'X-Request-Id': 'client-chose-this' } });
    expect(res.status).toBe(500);
    const id = res.headers.get('X-Request-Id')!;
    expect(id).toMatch(ID);
    expect(await res.json()).toEqual({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
    const lines = await logLinesOf(id);
    expect(lines.find((line) => line['msg'] === 'unexpected error')).toMatchObject({ level: 50, client_request_id: 'client-chose-this' });
  });

  it('a page: the styled 500 page with the id to quote, logged with that id', async () => {
    const res = await fetch(`${server.url}/notice`, { headers: browser });
    expect(res.status).toBe(500);
    const id = res.headers.get('X-Request-Id')!;
    expect(id).toMatch(ID);
    const html = await res.text();
    expect(html).toContain('잠시 문제가 생겼어요');
    expect(html).toContain(`오류 번호 ${id}`);
    // The shell's own stylesheet: the page is styled, not a page of boxes.
    expect(html).toMatch(/<link rel="stylesheet"|<style/);
    expect(html).not.toContain('notices_moved_away');
    const lines = await logLinesOf(id);
    expect(lines.find((line) => line['msg'] === 'page failed')).toMatchObject({ level: 50, path: '/notice' });
  });

  it('the page middleware: a 500 page, logged with its id', async () => {
    const res = await fetch(`${server.url}/`, { headers: { ...browser, Cookie: 'session=a-session-token-of-some-browser' } });
    expect(res.status).toBe(500);
    const id = res.headers.get('X-Request-Id')!;
    expect(id).toMatch(ID);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(await res.text()).toContain('잠시 문제가 생겼어요');
    const lines = await logLinesOf(id);
    expect(lines.find((line) => line['msg'] === 'page failed')).toMatchObject({ level: 50, path: '/' });
  });

  it('pages that work carry the id and the permissions policy too', async () => {
    const res = await fetch(`${server.url}/about`, { headers: browser });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toMatch(ID);
    expect(res.headers.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(self)');
  });
});
