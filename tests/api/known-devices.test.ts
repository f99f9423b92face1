import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knownDevices, passwordResetTokens } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { indexesOf, planOf } from '../helpers/query-plans.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const PASSWORD = 'Passw0rd!';
const COOKIE = 'known_device';

const member = async () => createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let counter = 0;
const freshAddress = () => {
  counter += 1;
  return `198.19.${Math.floor(counter / 250)}.${counter % 250}`;
};
const browser = (app: TestApp) => app.client({ ip: freshAddress() });
const login = (client: TestClient, user: User, password = PASSWORD) => client.post('/login', { json: { email: user.email, password } });

async function signInOn(client: TestClient, user: User) {
  expect((await login(client, user)).status).toBe(200);
  expect((await client.post('/logout')).status).toBe(204);
}

/** Ten wrong passwords from ten unknown browsers: the account is cooled down for unknown browsers. */
async function coolDown(app: TestApp, user: User) {
  for (let i = 0; i < 10; i += 1) expect((await login(browser(app), user, `guess-${i}`)).status).toBe(422);
  const stranger = await login(browser(app), user);
  expect(stranger.status).toBe(429);
  expect(stranger.body.message).toContain('전에 로그인했던 기기');
}

/** Another browser, at another address, holding a copy of `value` as its known-device cookie. */
function browserWith(app: TestApp, value: string) {
  const client = browser(app);
  client.cookies.set(COOKIE, value);
  return client;
}

const tokensOf = (client: TestClient) => (client.cookies.get(COOKIE) ?? '').split('.').filter(Boolean);
const rowsOf = (user: User) => db().select().from(knownDevices).where(eq(knownDevices.userId, user.id));

describe('the known-device cookie', () => {
  it('is a random token of this browser, kept in the database only as its hash', async () => {
    const app = createTestApp(db());
    const user = await member();
    const home = browser(app);
    const res = await login(home, user);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`))!;
    expect(cookie).toMatch(/; Max-Age=31536000/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const [token] = tokensOf(home);
    expect(token).toMatch(/^[\w-]{43}$/);

    const office = browser(app);
    await signInOn(office, user);
    const [officeToken] = tokensOf(office);
    expect(officeToken).not.toBe(token);
    const rows = await rowsOf(user);
    expect(rows.map((row) => row.tokenHash).sort()).toEqual([sha256(token!), sha256(officeToken!)].sort());
    expect(await db().select().from(knownDevices).where(inArray(knownDevices.tokenHash, [token!, officeToken!]))).toEqual([]);
  });

  it('lets the browser the member signed in on past the per-account limit, and no other', async () => {
    const app = createTestApp(db());
    const user = await member();
    const home = browser(app);
    await signInOn(home, user);
    expect(await rowsOf(user)).toHaveLength(1);
    await coolDown(app, user);
    expect((await login(home, user, 'typo')).status).toBe(422);
    expect((await login(home, user)).status).toBe(200);
  });

  it("does not count for another account: a copy of someone's cookie opens only that someone's limit", async () => {
    const app = createTestApp(db());
    const attacker = await member();
    const victim = await member();
    const own = browser(app);
    await signInOn(own, attacker);
    expect(await rowsOf(attacker)).toHaveLength(1);
    await coolDown(app, victim);
    expect((await login(own, victim)).status).toBe(429);
    expect((await login(browserWith(app, own.cookies.get(COOKIE)!), victim)).status).toBe(429);
    // The attacker's own token still counts for the attacker's own account.
    expect(tokensOf(own)).toHaveLength(1);
  });

  it('does not count forged, random or malformed: the browser is told to drop it', async () => {
    const app = createTestApp(db());
    const user = await member();
    await coolDown(app, user);
    for (const value of [randomBytes(32).toString('base64url'), 'x'.repeat(43), 'not a token', `${'a'.repeat(43)}.${'b'.repeat(43)}`]) {
      const forged = browserWith(app, value);
      expect((await login(forged, user)).status, value).toBe(429);
      expect(forged.cookies.has(COOKIE), value).toBe(false);
    }
    expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, user.id))).toEqual([]);
  });

  it('does not count the old HMAC of the e-mail', async () => {
    const app = createTestApp(db());
    const user = await member();
    await coolDown(app, user);
    const mark = createHmac('sha256', testConfig().appKey)
      .update(`known-device|${user.email.toLowerCase()}`)
      .digest('base64url')
      .slice(0, 22);
    const old = browserWith(app, mark);
    expect((await login(old, user)).status).toBe(429);
    expect(old.cookies.has(COOKIE)).toBe(false);
  });

  it('gets a new token at each sign-in: a copy taken before it counts no longer', async () => {
    const app = createTestApp(db());
    const user = await member();
    const home = browser(app);
    await signInOn(home, user);
    const copy = home.cookies.get(COOKIE)!;
    await signInOn(home, user);
    expect(home.cookies.get(COOKIE)).not.toBe(copy);
    const rows = await rowsOf(user);
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256(home.cookies.get(COOKIE)!)]);
    await coolDown(app, user);
    expect((await login(browserWith(app, copy), user)).status).toBe(429);
    expect((await login(home, user)).status).toBe(200);
  });

  it('counts no longer after a new password set by the reset link', async () => {
    const app = createTestApp(db());
    const user = await member();
    const home = browser(app);
    await signInOn(home, user);
    expect(await rowsOf(user)).toHaveLength(1);
    await db()
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: sha256('reset-token') });
    const reset = await browser(app).post('/reset-password', {
      json: { token: 'reset-token', email: user.email, password: 'Evening#2027', password_confirmation: 'Evening#2027' },
    });
    expect(reset.status).toBe(200);
    expect(await rowsOf(user)).toEqual([]);
    for (let i = 0; i < 10; i += 1) expect((await login(browser(app), user, `guess-${i}`)).status).toBe(422);
    const res = await home.post('/login', { json: { email: user.email, password: 'Evening#2027' } });
    expect(res.status).toBe(429);
    expect(home.cookies.has(COOKIE)).toBe(false);
  });

  it('is forgotten with the account when the member deletes it', async () => {
    const app = createTestApp(db());
    const user = await member();
    const home = browser(app);
    await signInOn(home, user);
    const other = browser(app);
    expect((await login(other, user)).status).toBe(200);
    expect(await rowsOf(user)).toHaveLength(2);
    const deleted = await other.post('/api/me', { json: { _method: 'DELETE', reason: '이사를 가요', password: PASSWORD } });
    expect(deleted.status).toBe(204);
    expect(await rowsOf(user)).toEqual([]);
  });

  it('is forgotten when staff suspend the member, which signs them out everywhere', async () => {
    const app = createTestApp(db());
    const user = await member();
    await signInOn(browser(app), user);
    expect(await rowsOf(user)).toHaveLength(1);
    const { client: staff } = await signedInStaff(db(), { role: 'admin' });
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const suspended = await staff.post(`/api/admin/members/${user.id}/suspension`, { json: { until, reason: '도용이 의심돼요' } });
    expect(suspended.status).toBe(200);
    expect(await rowsOf(user)).toEqual([]);
  });

  it('counts no longer a year after its last sign-in, and leaves the cookie', async () => {
    const app = createTestApp(db());
    const user = await member();
    const kept = await member();
    const home = browser(app);
    await signInOn(home, user);
    await signInOn(home, kept);
    await db()
      .update(knownDevices)
      .set({ lastUsedAt: new Date(Date.now() - 366 * 86_400_000) })
      .where(eq(knownDevices.userId, user.id));
    await coolDown(app, user);
    expect((await login(home, user)).status).toBe(429);
    expect(tokensOf(home)).toHaveLength(1);
    expect(sha256(tokensOf(home)[0]!)).toBe((await rowsOf(kept))[0]!.tokenHash);
  });

  it('holds five accounts on a shared computer; the oldest falls off, its row with it', async () => {
    const app = createTestApp(db());
    const family = await Promise.all(Array.from({ length: 6 }, () => member()));
    const shared = browser(app);
    for (const user of family) await signInOn(shared, user);
    expect(tokensOf(shared)).toHaveLength(5);
    expect(await rowsOf(family[0]!)).toEqual([]);
    expect(await rowsOf(family[1]!)).toHaveLength(1);
    await coolDown(app, family[0]!);
    await coolDown(app, family[1]!);
    expect((await login(shared, family[0]!)).status).toBe(429);
    expect((await login(shared, family[1]!)).status).toBe(200);
  });

  it('is checked in one query by the unique index of the token hashes', async () => {
    const counted = countQueries(db(), testDb().kind);
    const app = createTestApp(counted.db);
    const family = await Promise.all(Array.from({ length: 5 }, () => member()));
    const shared = browser(app);
    for (const user of family) await signInOn(shared, user);
    const statements = await counted.during(() => login(shared, family[0]!, 'typo'));
    const checks = statements.filter((statement) => /known_devices/.test(statement.sql));
    expect(checks).toHaveLength(1);
    const plan = await planOf(db(), checks[0]!, ['enable_seqscan = off']);
    expect(indexesOf(plan)).toContain('known_devices_token_hash_unique');
  });
});
