import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createCategory, createPost } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

// docs/decisions/022-square-pin-guessing.md
const WRONG_PER_VISITOR = 5;
const GUEST_VERDICTS_PER_HOUR = 12;

let counter = 0;
const freshAddress = () => {
  counter += 1;
  return `203.0.${Math.floor(counter / 250)}.${counter % 250}`;
};

type Kind = 'post' | 'category';
const SESSION_POLICY = { lifetimeMinutes: 60, rememberDays: 1 };

const tryPin = (client: TestClient, kind: Kind, id: number, password: string) =>
  kind === 'post'
    ? client.post('/api/square-posts/check-password', { json: { square_post_id: id, password } })
    : client.post('/api/square-posts/check-category-password', { json: { square_post_category_id: id, password } });

/** A browser at `ip` with a session of its own: a guest's, or a member's when a user id is given. */
async function browserAt(app: TestApp, ip: string, userId: number | null = null): Promise<TestClient> {
  const { token } = await createSession(db(), { userId, ipAddress: ip }, SESSION_POLICY);
  const client = app.client({ ip });
  client.cookies.set('session', token);
  return client;
}

async function protectedPost(pin: string) {
  return createPost(db(), await createMember(db()), await createCategory(db()), { password: pin });
}

describe('one visitor guessing a square PIN', () => {
  it('cannot keep anyone else out, with a new session for every try or with none', async () => {
    const app = createTestApp(db());
    const post = await protectedPost('4821');
    const address = freshAddress();
    for (let guess = 0; guess < 40; guess += 1) {
      const client = guess % 2 === 0 ? await browserAt(app, address) : app.client({ ip: address });
      expect([403, 429]).toContain((await tryPin(client, 'post', post.id, String(guess).padStart(4, '0'))).status);
    }
    expect((await tryPin(app.client({ ip: freshAddress() }), 'post', post.id, '4821')).status).toBe(200);
    expect((await tryPin(await browserAt(app, freshAddress()), 'post', post.id, '4821')).status).toBe(200);
  });

  it('is refused past its own five wrong PINs an hour, with Retry-After, while other targets stay open to it', async () => {
    const app = createTestApp(db());
    const post = await protectedPost('4821');
    const other = await protectedPost('4821');
    const guest = app.client({ ip: freshAddress() });
    for (let guess = 0; guess < WRONG_PER_VISITOR; guess += 1) expect((await tryPin(guest, 'post', post.id, `000${guess}`)).status).toBe(403);
    const refused = await tryPin(guest, 'post', post.id, '4821');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.body.message).toMatch(/비밀번호를 여러 번 잘못 입력했어요\. \d+분 후에/);
    expect((await tryPin(guest, 'post', other.id, '4821')).status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one', async () => {
    const app = createTestApp(db());
    const category = await createCategory(db(), { password: '1357' });
    for (let guess = 0; guess < WRONG_PER_VISITOR; guess += 1) {
      const client = app.client({ ip: `2001:db8:7:1:${guess.toString(16)}::${guess + 1}` });
      expect((await tryPin(client, 'category', category.id, `900${guess}`)).status).toBe(403);
    }
    expect((await tryPin(app.client({ ip: '2001:0db8:0007:0001:ffff::9' }), 'category', category.id, '1357')).status).toBe(429);
    expect((await tryPin(app.client({ ip: '2001:db8:7:2::9' }), 'category', category.id, '1357')).status).toBe(200);
  });

  it('as a member, is counted by account across sign-ins and addresses, five a day', async () => {
    const app = createTestApp(db());
    const post = await protectedPost('4821');
    const member = await createMember(db());
    for (let guess = 0; guess < WRONG_PER_VISITOR; guess += 1) {
      const browser = await browserAt(app, freshAddress(), member.id);
      expect((await tryPin(browser, 'post', post.id, `000${guess}`)).status).toBe(403);
    }
    const refused = await tryPin(await browserAt(app, freshAddress(), member.id), 'post', post.id, '4821');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(refused.body.message).toMatch(/비밀번호를 여러 번 잘못 입력했어요\. \d+시간 후에/);
  });
});

describe.each(['post', 'category'] as const)('many visitors guessing the PIN of a %s', (kind) => {
  const target = async () => (kind === 'post' ? (await protectedPost('4821')).id : (await createCategory(db(), { password: '4821' })).id);

  it('get twelve wrong answers an hour between all guests; members who know the PIN still get in', async () => {
    const app = createTestApp(db());
    const id = await target();
    const spare = await target();
    // Right PINs are given back: those who know it never spend the guests' count.
    for (let visitor = 0; visitor < 3; visitor += 1) expect((await tryPin(app.client({ ip: freshAddress() }), kind, id, '4821')).status).toBe(200);

    const statuses: number[] = [];
    for (let guess = 0; guess < 60; guess += 1) {
      const guest = app.client({ ip: freshAddress() });
      statuses.push((await tryPin(guest, kind, id, String(1000 + guess))).status);
    }
    expect(statuses.filter((status) => status === 403)).toHaveLength(GUEST_VERDICTS_PER_HOUR);
    expect(statuses.slice(GUEST_VERDICTS_PER_HOUR).every((status) => status === 429)).toBe(true);

    const guest = await tryPin(app.client({ ip: freshAddress() }), kind, id, '4821');
    expect(guest.status).toBe(429);
    expect(Number(guest.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(guest.body.message).toContain('로그인');
    const unverified = await createMember(db(), { emailVerifiedAt: null });
    expect((await tryPin(await browserAt(app, freshAddress(), unverified.id), kind, id, '4821')).status).toBe(429);

    const member = await createMember(db());
    const browser = await browserAt(app, freshAddress(), member.id);
    expect((await tryPin(browser, kind, id, '0000')).status).toBe(403);
    expect((await tryPin(browser, kind, id, '4821')).status).toBe(200);
    expect((await tryPin(app.client({ ip: freshAddress() }), kind, spare, '4821')).status).toBe(200);
  });
});
