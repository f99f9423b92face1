import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { staffRecoveryCodes, users } from '../../src/server/db/schema/index.ts';
import { openSecret, sealSecret } from '../../src/server/modules/admin/secret-box.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

/** Every console route the app has, so a route added later cannot be left unguarded. */
function consoleRoutes(): { method: string; path: string }[] {
  const { app } = createTestApp(db());
  const seen = new Set<string>();
  return app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/admin/'))
    .map((route) => ({ method: route.method, path: route.path.replace(/:[a-zA-Z_]+/g, '1') }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const send = (client: TestClient, route: { method: string; path: string }) => client.request(route.method, route.path, route.method === 'GET' ? {} : { json: {} });
const isSecondFactorRoute = (path: string) => path.startsWith('/api/admin/second-factor');

describe('who may reach /api/admin', () => {
  it('finds the console routes to check', () => {
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/notices' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/admin/notices/1' });
  });

  it('answers a guest 401 on every route', async () => {
    const guest = guestClient(db());
    for (const route of consoleRoutes()) {
      const res = await send(guest, route);
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers a member 403 on every route', async () => {
    const { client } = await signedInMember(db());
    for (const route of consoleRoutes()) {
      const res = await send(client, route);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.message).toBe('운영진만 사용할 수 있어요.');
    }
  });

  it('sends staff without an authenticator to enrol, and staff who have not entered a code to enter one', async () => {
    const unenrolled = await signedInStaff(db(), { enrolled: false });
    const unverified = await signedInStaff(db(), { verified: false });
    for (const route of consoleRoutes().filter((candidate) => !isSecondFactorRoute(candidate.path))) {
      const first = await send(unenrolled.client, route);
      expect(first.status, `${route.method} ${route.path}`).toBe(403);
      expect(first.body).toEqual({ message: '콘솔을 열려면 먼저 2단계 인증을 설정해 주세요.', code: 'second_factor_enrolment' });
      const second = await send(unverified.client, route);
      expect(second.status, `${route.method} ${route.path}`).toBe(403);
      expect(second.body.code).toBe('second_factor_required');
    }
  });

  it('lets staff past the second factor in', async () => {
    const { client } = await signedInStaff(db());
    const res = await client.get('/api/admin/notices');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 25 });
  });
});

describe('the second factor', () => {
  it('enrols with a QR code, refuses a wrong first code, and hands out ten recovery codes for the right one', async () => {
    const { user, client } = await signedInStaff(db(), { enrolled: false });
    const status = await client.get('/api/admin/second-factor');
    expect(status.body.data).toMatchObject({ enrolled: false, verified: false, role: 'staff' });

    const enrolment = await client.post('/api/admin/second-factor/enrolment');
    expect(enrolment.status).toBe(201);
    const { secret, otpauth_url: url, qr_svg: svg } = enrolment.body.data;
    expect(url).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(url)).toContain(user.email);
    expect(svg).toMatch(/^<svg/);
    // Sealed under the app key, never stored as it is.
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored!.totpSecret).not.toContain(secret);
    expect(openSecret(testConfig().appKey, stored!.totpSecret!)).toBe(secret);
    expect(stored!.totpEnabledAt).toBeNull();

    const right = await generate({ secret });
    const wrong = await client.post('/api/admin/second-factor/confirmation', { json: { code: right === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code[0]).toContain('인증 코드가 맞지 않아요');
    expect((await client.get('/api/admin/notices')).status).toBe(403);

    const confirmed = await client.post('/api/admin/second-factor/confirmation', { json: { code: await generate({ secret }) } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await db().select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    expect(hashes.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect((await client.get('/api/admin/notices')).status).toBe(200);

    const again = await client.post('/api/admin/second-factor/enrolment');
    expect(again.status).toBe(409);
  });

  it('asks each new sign-in for a code', async () => {
    const { client, secret } = await signedInStaff(db(), { verified: false });
    expect((await client.get('/api/admin/notices')).status).toBe(403);
    const ok = await client.post('/api/admin/second-factor/challenge', { json: { code: await generate({ secret }) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ used_recovery_code: false });
    expect((await client.get('/api/admin/notices')).status).toBe(200);
  });

  it("takes a recovery code in place of the app's code, once", async () => {
    const { user, client } = await signedInStaff(db(), { enrolled: false });
    const { secret } = (await client.post('/api/admin/second-factor/enrolment')).body.data;
    const codes: string[] = (await client.post('/api/admin/second-factor/confirmation', { json: { code: await generate({ secret }) } })).body.data.recovery_codes;

    const fresh = await signInAgain(user.id);
    expect((await fresh.get('/api/admin/notices')).status).toBe(403);
    const recovered = await fresh.post('/api/admin/second-factor/challenge', { json: { code: codes[0]!.toUpperCase() } });
    expect(recovered.status).toBe(200);
    expect(recovered.body.data).toEqual({ used_recovery_code: true });
    expect((await fresh.get('/api/admin/notices')).status).toBe(200);

    const another = await signInAgain(user.id);
    const reused = await another.post('/api/admin/second-factor/challenge', { json: { code: codes[0]! } });
    expect(reused.status).toBe(422);
    expect((await another.post('/api/admin/second-factor/challenge', { json: { code: codes[1]! } })).status).toBe(200);
  });

  it('refuses a code for a secret sealed under another key, and stops guessing after five tries', async () => {
    const { client, secret } = await signedInStaff(db(), { verified: false });
    expect(openSecret('another-key-0123456789-0123456789-0123', sealSecret(testConfig().appKey, secret))).toBeNull();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await client.post('/api/admin/second-factor/challenge', { json: { code: '12345' } })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('starts the count of tries again after a right code', async () => {
    const { client, secret, user } = await signedInStaff(db(), { verified: false });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await client.post('/api/admin/second-factor/challenge', { json: { code: '12345' } })).status).toBe(422);
    }
    expect((await client.post('/api/admin/second-factor/challenge', { json: { code: await generate({ secret }) } })).status).toBe(200);
    const again = await signInAgain(user.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await again.post('/api/admin/second-factor/challenge', { json: { code: '12345' } })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
  });

  it('is not offered to members and guests', async () => {
    const { client } = await signedInMember(db());
    expect((await client.post('/api/admin/second-factor/enrolment')).status).toBe(403);
    expect((await guestClient(db()).get('/api/admin/second-factor')).status).toBe(401);
    const member = await createMember(db());
    expect(member.totpSecret).toBeNull();
  });
});

/** Another sign-in of the same account: a session that has not passed the second factor. */
async function signInAgain(userId: number): Promise<TestClient> {
  const { token } = await createSession(db(), { userId }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db()).client();
  client.cookies.set('session', token);
  return client;
}
