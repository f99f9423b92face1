import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { frontErrorLogs, users } from '../../src/server/db/schema/index.ts';
import { SEED_STEPS } from '../../src/server/db/seed/index.ts';
import { ENTRY, startServer, stopServer, tempDataDir, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';

const running: ServerProcess[] = [];
const start = async (dataDir: string, env?: Record<string, string>) => {
  const server = await startServer(dataDir, env);
  running.push(server);
  return server;
};

beforeAll(() => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => stopServer(server, 'SIGKILL')));
});

/** A browser-like session on a real server: a token first, then the write. */
async function csrf(url: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${url}/csrf-token`);
  const token = ((await res.json()) as { csrf_token: string }).csrf_token;
  return { cookie: `XSRF-TOKEN=${token}`, token };
}

describe('the built server on an embedded database', () => {
  it('starts on an empty directory, migrates, seeds the demo members (saying how far it is) and serves / and /healthz', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'ritual-mail-'));
    const server = await start(tempDataDir(), { MAIL_OUTBOX_DIR: outbox });
    await waitUntilHealthy(server);
    const output = server.output();
    expect(output).toContain('seeded the demo data');
    const progress = [...output.matchAll(/seeding the demo data: (\d+)\/(\d+) /g)].map((match) => `${match[1]}/${match[2]}`);
    expect(progress).toEqual(Array.from({ length: SEED_STEPS }, (_, index) => `${index + 1}/${SEED_STEPS}`));
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('lang="ko"');

    // No APP_URL: the links in mail name the address the server listens on, its port included.
    const { cookie, token } = await csrf(server.url);
    const forgot = await fetch(`${server.url}/forgot-password`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'member1@example.com' }),
    });
    expect(forgot.status).toBe(200);
    await vi.waitFor(() => expect(readdirSync(outbox).filter((name) => name.endsWith('.json'))).toHaveLength(1), { timeout: 5000, interval: 50 });
    const [file] = readdirSync(outbox).filter((name) => name.endsWith('.json'));
    const mail = JSON.parse(readFileSync(join(outbox, file!), 'utf8')) as { links: string[] };
    expect(mail.links[0]).toMatch(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/reset-password\\?`));
  });

  it('writes each page\'s stylesheets and scripts on every request, not only the first (Astro\'s route work kept, decision 020)', async () => {
    const server = await start(tempDataDir());
    await waitUntilHealthy(server);
    const headOf = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      return {
        stylesheets: html.match(/<link rel="stylesheet"[^>]*>/g) ?? [],
        styles: html.match(/<style[^>]*>/g)?.length ?? 0,
        scripts: html.match(/<script type="module"[^>]*>/g)?.length ?? 0,
      };
    };
    const first = await headOf('/');
    expect(first.stylesheets.length + first.styles).toBeGreaterThan(0);
    expect(first.scripts).toBeGreaterThan(0);
    // Another route between, then the same one twice: a head made once and emptied by the first
    // render would come back bare.
    const other = await headOf('/login');
    expect(other.stylesheets.length + other.styles).toBeGreaterThan(0);
    for (let round = 0; round < 2; round += 1) expect(await headOf('/')).toEqual(first);
    expect(await headOf('/login')).toEqual(other);
  });

  it('links one shared stylesheet on every page and repeats none of its rules inline (decision 030)', async () => {
    const server = await start(tempDataDir());
    await waitUntilHealthy(server);
    const shared = new Set<string>();
    // A guest's pages of the shell, a page of the bare layout, and the pages a phone opens most.
    for (const path of ['/', '/about', '/login', '/square', '/offline', '/explorer/selfcare']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const links = [...html.matchAll(/<link rel="stylesheet" href="(\/_astro\/shell\.[^"]+\.css)">/g)].map((match) => match[1]!);
      expect(links, path).toHaveLength(1);
      shared.add(links[0]!);
      const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join('');
      // The global sheet's skip link, the shell's tab bar and the modal host's layer live in the shared sheet only.
      for (const rule of ['.skip-link{', '.modal-backdrop{', '.bottom-tab']) expect(inline, `${path} inlines ${rule}`).not.toContain(rule);
    }
    expect(shared.size).toBe(1);
    const sheet = await (await fetch(`${server.url}${[...shared][0]!}`)).text();
    for (const rule of ['.skip-link{', '.modal-backdrop{', '.bottom-tab', '.bell-button[', '.notification-row{', '.users-list{']) expect(sheet).toContain(rule);
  });

  it('sends a page\'s UTF-8 with its exact length, four-byte characters included', async () => {
    const server = await start(tempDataDir());
    await waitUntilHealthy(server);
    for (const query of ['🌅 아침 명상 😀', 'plain ascii']) {
      // Uncompressed, so the length sent is the page's own.
      const response = await fetch(`${server.url}/explorer/search?q=${encodeURIComponent(query)}`, { headers: { 'Accept-Encoding': 'identity' } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      expect(text).toContain(`'${query}' 검색 결과`);
      expect(text).not.toContain('\uFFFD');
    }
  });

  it('renders with React\'s production build, while a development server keeps its demo data', async () => {
    const hook = new URL('../helpers/report-react-build.mjs', import.meta.url).href;
    const server = await start(tempDataDir(), { NODE_ENV: 'development', NODE_OPTIONS: `--import=${hook}` });
    await waitUntilHealthy(server);
    expect(server.output()).toContain('seeded the demo data');
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    await vi.waitFor(() => expect(server.output()).toContain('react-dom/server build: production'), { timeout: 3000, interval: 50 });
    expect(server.output()).not.toContain('react-dom/server build: development');
  });

  it('writes each request line within a second or so, though the lines go out in batches', async () => {
    const server = await start(tempDataDir());
    await waitUntilHealthy(server);
    const res = await fetch(`${server.url}/api/banners/current`);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    await vi.waitFor(() => expect(server.output()).toContain(`"reqId":"${requestId}"`), { timeout: 3000, interval: 50 });
  });

  it('stops a second server on the same directory at once, and the first keeps serving', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    await waitUntilHealthy(first);
    const started = Date.now();
    const second = await start(dataDir);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(second.output()).toContain('is already in use by another server');
    expect(second.output()).toContain(`process ${first.child.pid}`);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it('closes the database cleanly on SIGTERM and on SIGINT, releasing the lock', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dataDir = tempDataDir();
      const server = await start(dataDir);
      await waitUntilHealthy(server);
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
      expect(await stopServer(server, signal)).toBe(0);
      expect(server.output()).toContain('database closed cleanly');
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    }
  });

  it('loses no committed row when killed with SIGKILL in the middle of writes', async () => {
    const dataDir = tempDataDir();
    // As if behind one trusted proxy, each write comes from its own address, so the limiter stays out of the way.
    const env = { TRUST_PROXY: '1' };
    const server = await start(dataDir, env);
    await waitUntilHealthy(server);
    const { cookie, token } = await csrf(server.url);

    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const writer = async (lane: number) => {
      while (!stop) {
        const message = `crash-test ${lane}-${sent++}`;
        try {
          const res = await fetch(`${server.url}/api/front-error-logs`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-XSRF-TOKEN': token,
              Cookie: cookie,
              'X-Forwarded-For': `10.66.${lane}.${sent % 250}`,
            },
            body: JSON.stringify({ message, stack: 'x'.repeat(2000) }),
          });
          if (res.status === 201) acknowledged.push(message);
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, lane) => writer(lane));
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await server.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const again = await start(dataDir, env);
    await waitUntilHealthy(again);
    expect(again.output()).not.toContain('seeded the demo data');
    expect(await stopServer(again)).toBe(0);

    const database = await openDatabase(`file://${dataDir}`);
    try {
      const found = await database.db
        .select({ n: count() })
        .from(frontErrorLogs)
        .where(inArray(frontErrorLogs.message, acknowledged));
      expect(found[0]?.n).toBe(acknowledged.length);
      // Seeded once: the five demo members who sign in (the rituals' applicants have no password).
      const members = await database.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'member'), isNotNull(users.passwordHash)));
      expect(members[0]?.n).toBe(5);
    } finally {
      await database.close();
    }
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    const server = await start(tempDataDir(), { PORT: 'eighty', DB_POOL_MAX: '-1' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('DB_POOL_MAX:');
  });
});
