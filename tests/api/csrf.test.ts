import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { createMember } from '../helpers/factories.ts';

const testDb = useTestDatabase();

const report = { message: 'TypeError: x is undefined' };

describe('request forgery protection', () => {
  it('answers 419 to a POST without the token, and accepts it after GET /csrf-token', async () => {
    const client = createTestApp(testDb().database.db).client();
    const refused = await client.post('/api/front-error-logs', { json: report, csrf: false });
    expect(refused.status).toBe(419);
    expect(refused.body).toEqual({ message: 'CSRF token mismatch.' });

    const token = await client.get('/csrf-token');
    expect(token.status).toBe(200);
    expect(token.body.csrf_token).toBe(client.cookies.get('XSRF-TOKEN'));
    const cookie = token.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);

    const accepted = await client.post('/api/front-error-logs', { json: report });
    expect(accepted.status).toBe(201);
  });

  it('refuses a header that does not match the cookie, and a forged signature', async () => {
    const client = createTestApp(testDb().database.db).client();
    await client.get('/csrf-token');
    const token = client.cookies.get('XSRF-TOKEN')!;
    const other = `${token.split('.')[0]}.forged`;
    const mismatch = await client.post('/api/front-error-logs', {
      json: report,
      csrf: false,
      headers: { 'X-XSRF-TOKEN': `${token}x` },
    });
    expect(mismatch.status).toBe(419);
    client.cookies.set('XSRF-TOKEN', other);
    const forged = await client.post('/api/front-error-logs', { json: report });
    expect(forged.status).toBe(419);
  });

  it('checks PUT and DELETE sent with _method, and real DELETE too', async () => {
    const client = createTestApp(testDb().database.db).client();
    const overridden = await client.post('/api/front-error-logs', { form: { _method: 'DELETE' }, csrf: false });
    expect(overridden.status).toBe(419);
    const real = await client.request('DELETE', '/api/front-error-logs', { csrf: false });
    expect(real.status).toBe(419);
  });

  it('binds the token to the session: a token from before sign-in is refused after it', async () => {
    const db = testDb().database.db;
    const client = createTestApp(db).client();
    await client.get('/csrf-token');
    const member = await createMember(db);
    const { token } = await createSession(db, { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    client.cookies.set('session', token);
    const stale = await client.post('/api/front-error-logs', { json: report });
    expect(stale.status).toBe(419);
    await client.get('/csrf-token');
    const fresh = await client.post('/api/front-error-logs', { json: report });
    expect(fresh.status).toBe(201);
  });

  it('refuses a token signed with another key', async () => {
    const db = testDb().database.db;
    const elsewhere = createTestApp(db, { appKey: 'another-key-another-key-another-key!!' }).client();
    await elsewhere.get('/csrf-token');
    const client = createTestApp(db).client();
    client.cookies.set('XSRF-TOKEN', elsewhere.cookies.get('XSRF-TOKEN')!);
    const res = await client.post('/api/front-error-logs', { json: report });
    expect(res.status).toBe(419);
  });
});
