import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { currentUser } from '../../src/server/http/context.ts';
import type { AppConfig } from '../../src/server/config.ts';
import { unauthenticated } from '../../src/server/http/errors.ts';
import { signIn, signOut } from '../../src/server/http/session.ts';
import { createSession, hashToken, loadSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const policy = { lifetimeMinutes: 120, rememberDays: 30 };

/** What the sign-in and sign-out routes of the accounts domain will do, through the same helpers. */
const authRoutes = (db: Db, config: AppConfig) => (app: App) => {
  app.post('/api/test/sign-in', async (c) => {
    const remember = c.req.query('remember') === '1';
    await signIn(c, db, config, Number(c.req.query('user')), remember);
    return c.json({ data: 'ok' });
  });
  app.post('/api/test/sign-out', async (c) => {
    await signOut(c, db, config);
    return c.body(null, 204);
  });
  app.get('/api/test/me', (c) => {
    const user = currentUser(c);
    if (!user) throw unauthenticated();
    return c.json({ data: { id: user.id } });
  });
};

function appFor(db: Db, overrides: Partial<AppConfig> = {}) {
  const config = testConfig(overrides);
  return createTestApp(db, overrides, authRoutes(db, config));
}

describe('database sessions', () => {
  it('signs in with a fresh, rotated session in an httpOnly SameSite=Lax cookie', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    const client = appFor(db).client();
    expect((await client.get('/api/test/me')).body).toEqual({ message: 'Unauthenticated.' });

    const planted = await createSession(db, { userId: null }, policy);
    client.cookies.set('session', planted.token);
    const signedIn = await client.post(`/api/test/sign-in?user=${member.id}`);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(client.cookies.get('session')).not.toBe(planted.token);

    // The planted session is gone: fixation buys nothing.
    expect(await db.select().from(sessions).where(eq(sessions.id, hashToken(planted.token)))).toEqual([]);
    expect((await client.get('/api/test/me')).body).toEqual({ data: { id: member.id } });
    // Only the hash of the token is stored.
    const stored = await db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(stored.map((s) => s.id)).toEqual([hashToken(client.cookies.get('session')!)]);
  });

  it('keeps a remembered session in a cookie that outlives the browser, Secure whenever the site is https', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    // Not only in production: a staging site on https must not send its cookies over plain http either.
    const client = appFor(db, { appUrl: 'https://staging.ritual.example' }).client();
    const res = await client.post(`/api/test/sign-in?user=${member.id}&remember=1`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Secure/);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/Secure/);
    const plain = await appFor(db, { appUrl: 'http://localhost:4321' }).client().post(`/api/test/sign-in?user=${member.id}`);
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('session='))).not.toMatch(/Secure/);
  });

  it('signs out: the session row is deleted and the old cookie no longer works', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    const client = appFor(db).client();
    await client.post(`/api/test/sign-in?user=${member.id}`);
    const token = client.cookies.get('session')!;
    expect((await client.post('/api/test/sign-out')).status).toBe(204);
    expect(client.cookies.has('session')).toBe(false);
    const replay = appFor(db).client();
    replay.cookies.set('session', token);
    expect((await replay.get('/api/test/me')).status).toBe(401);
  });

  it('ends an idle session after its lifetime, and never loads a deleted member', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    const past = new Date(Date.now() - 3 * 3600_000);
    const { token } = await createSession(db, { userId: member.id }, policy, past);
    expect(await loadSession(db, token, policy)).toBeNull();

    const gone = await createMember(db, { deletedAt: new Date() });
    const live = await createSession(db, { userId: gone.id }, policy);
    const loaded = await loadSession(db, live.token, policy);
    expect(loaded?.user).toBeNull();
    expect(loaded?.session.userId).toBeNull();
  });

  it('slides an active session forward at most once a minute', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    const start = new Date('2026-11-20T00:00:00Z');
    const { token } = await createSession(db, { userId: member.id }, policy, start);
    await loadSession(db, token, policy, new Date(start.getTime() + 30_000));
    const [unchanged] = await db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
    expect(unchanged?.expiresAt.getTime()).toBe(start.getTime() + 120 * 60_000);
    const later = new Date(start.getTime() + 90 * 60_000);
    await loadSession(db, token, policy, later);
    const [moved] = await db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
    expect(moved?.expiresAt.getTime()).toBe(later.getTime() + 120 * 60_000);
  });

  it('answers an unknown session cookie as a guest and clears it', async () => {
    const client = appFor(testDb().database.db).client();
    client.cookies.set('session', 'not-a-real-token');
    const res = await client.get('/api/test/me');
    expect(res.status).toBe(401);
    expect(client.cookies.has('session')).toBe(false);
  });
});
