import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { countSessions } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createCategory, createPost } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const PASSWORD = 'Passw0rd!';
const db = () => testDb().database.db;

const member = async () => createMember(db(), { passwordHash: await hashPassword(PASSWORD) });

/** A browser behind the load balancer at 10.0.0.2, which appends the address it was reached from. */
const behindProxy = (app: TestApp, clientAddress: string, written?: string) => {
  const client = app.client({ ip: '10.0.0.2' });
  const header = written ? `${written}, ${clientAddress}` : clientAddress;
  return {
    client,
    login: (email: string, password: string) => client.post('/login', { json: { email, password }, headers: { 'X-Forwarded-For': header } }),
  };
};

let counter = 0;
const freshAddress = () => {
  counter += 1;
  return `198.51.${Math.floor(counter / 250)}.${counter % 250}`;
};

describe('who the client is behind a proxy', () => {
  it('TRUST_PROXY=1: an address a client writes into X-Forwarded-For does not reset its limits', async () => {
    const app = createTestApp(db(), { trustProxy: 1 });
    const user = await member();
    for (let i = 0; i < 5; i += 1) {
      expect((await behindProxy(app, '203.0.113.7', `6.6.6.${i}`).login(user.email, 'wrong')).status).toBe(422);
    }
    const spoofed = await behindProxy(app, '203.0.113.7', '6.6.6.99').login(user.email, PASSWORD);
    expect(spoofed.status).toBe(429);
    expect(app.logs.filter((line) => line.path === '/login').every((line) => line['ip'] === '203.0.113.7')).toBe(true);
  });

  it('TRUST_PROXY=1: two visitors behind the same proxy have limits of their own', async () => {
    const app = createTestApp(db(), { trustProxy: 1 });
    const user = await member();
    for (let i = 0; i < 5; i += 1) expect((await behindProxy(app, '203.0.113.1').login(user.email, 'wrong')).status).toBe(422);
    expect((await behindProxy(app, '203.0.113.1').login(user.email, PASSWORD)).status).toBe(429);
    expect((await behindProxy(app, '203.0.113.2').login(user.email, PASSWORD)).status).toBe(200);
  });

  it('without trust behind a proxy, everyone is the proxy: which is why the proxy must be named', async () => {
    const app = createTestApp(db(), { trustProxy: 0 });
    const user = await member();
    for (let i = 0; i < 5; i += 1) expect((await behindProxy(app, '203.0.113.3').login(user.email, 'wrong')).status).toBe(422);
    expect((await behindProxy(app, '203.0.113.4').login(user.email, PASSWORD)).status).toBe(429);
  });
});

describe('guesses at one account from many addresses', () => {
  it('cool the account down for unknown browsers, never for the browser its member signed in on', async () => {
    const app = createTestApp(db());
    const user = await member();
    const own = app.client({ ip: '203.0.113.20' });
    expect((await own.post('/login', { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    expect((await own.post('/logout')).status).toBe(204);

    for (let i = 0; i < 10; i += 1) {
      const attacker = app.client({ ip: freshAddress() });
      expect((await attacker.post('/login', { json: { email: user.email, password: `guess-${i}` } })).status).toBe(422);
    }
    const next = await app.client({ ip: freshAddress() }).post('/login', { json: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(next.status).toBe(429);
    expect(next.body.message).toContain('전에 로그인했던 기기');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);

    // The member's own browser still gets in, and its own slips do not feed the account's count.
    expect((await own.post('/login', { json: { email: user.email, password: 'typo' } })).status).toBe(422);
    expect((await own.post('/login', { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    // Another account is not touched.
    const other = await member();
    expect((await app.client({ ip: freshAddress() }).post('/login', { json: { email: other.email, password: PASSWORD } })).status).toBe(200);
  });

  it('counts only wrong passwords: a member who signs in often is never cooled down', async () => {
    const app = createTestApp(db());
    const user = await member();
    for (let i = 0; i < 12; i += 1) {
      const browser = app.client({ ip: freshAddress() });
      expect((await browser.post('/login', { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    }
  });
});

describe('guesses at one protected post or category from many addresses', () => {
  const unlock = (app: TestApp, kind: 'post' | 'category', id: number, password: string) =>
    app
      .client({ ip: freshAddress() })
      .post(
        kind === 'post' ? '/api/square-posts/check-password' : '/api/square-posts/check-category-password',
        { json: kind === 'post' ? { square_post_id: id, password } : { square_post_category_id: id, password } },
      );

  it('stop guests after twelve wrong passwords an hour, while another post stays open (decision 022)', async () => {
    const app = createTestApp(db());
    const author = await member();
    const category = await createCategory(db());
    const post = await createPost(db(), author, category, { password: '4821' });
    const other = await createPost(db(), author, category, { password: '4821' });
    expect((await unlock(app, 'post', post.id, '4821')).status).toBe(200);
    for (let guess = 0; guess < 12; guess += 1) {
      expect((await unlock(app, 'post', post.id, String(guess).padStart(4, '0'))).status).toBe(403);
    }
    const right = await unlock(app, 'post', post.id, '4821');
    expect(right.status).toBe(429);
    expect(right.body.message).toContain('로그인한 회원만 확인할 수 있어요');
    expect((await unlock(app, 'post', other.id, '4821')).status).toBe(200);
  });

  it('do the same for a protected category', async () => {
    const app = createTestApp(db());
    const category = await createCategory(db(), { password: '1357' });
    for (let guess = 0; guess < 12; guess += 1) expect((await unlock(app, 'category', category.id, `9${guess}`)).status).toBe(403);
    expect((await unlock(app, 'category', category.id, '1357')).status).toBe(429);
  });

  it('leave no session behind for a wrong password; a right one keeps its unlock in one', async () => {
    const app = createTestApp(db());
    const post = await createPost(db(), await member(), await createCategory(db()), { password: '2468' });
    const before = await countSessions(db());
    for (let i = 0; i < 5; i += 1) {
      const guest = app.client({ ip: freshAddress() });
      expect((await guest.post('/api/square-posts/check-password', { json: { square_post_id: post.id, password: '0000' } })).status).toBe(403);
      expect(guest.cookies.has('session')).toBe(false);
    }
    expect(await countSessions(db())).toBe(before);
    const guest = app.client({ ip: freshAddress() });
    expect((await guest.post('/api/square-posts/check-password', { json: { square_post_id: post.id, password: '2468' } })).status).toBe(200);
    expect(await countSessions(db())).toBe(before + 1);
    expect((await guest.get(`/api/square-posts/${post.id}`)).status).toBe(200);
  });
});
