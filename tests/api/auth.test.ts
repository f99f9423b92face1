import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const PASSWORD = 'Passw0rd!';

async function member(overrides = {}) {
  return createMember(testDb().database.db, { passwordHash: await hashPassword(PASSWORD), ...overrides });
}

describe('POST /login, POST /logout, GET /api/user', () => {
  it('signs in with the right password (any case of e-mail), rotating the session', async () => {
    const user = await member();
    const client = createTestApp(testDb().database.db).client({ ip: '10.20.0.1' });
    expect((await client.get('/api/user')).status).toBe(401);
    await client.get('/csrf-token');
    const guestToken = client.cookies.get('XSRF-TOKEN');
    const res = await client.post('/login', { json: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, email: user.email, nickname: user.nickname });
    expect(res.body.data).not.toHaveProperty('password_hash');
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(guestToken);
    const me = await client.get('/api/user');
    expect(me.body.data.id).toBe(user.id);
  });

  it('answers 422 on email for a wrong password or an unknown e-mail, the same way', async () => {
    const user = await member();
    const client = createTestApp(testDb().database.db).client({ ip: '10.20.0.2' });
    const wrong = await client.post('/login', { json: { email: user.email, password: 'nope' } });
    const unknown = await client.post('/login', { json: { email: 'nobody@example.com', password: PASSWORD } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: '이메일 또는 비밀번호가 올바르지 않습니다.',
        errors: { email: ['이메일 또는 비밀번호가 올바르지 않습니다.'] },
      });
    }
    const empty = await client.post('/login', { form: { email: '', password: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: ['이메일을 입력해 주세요.'], password: ['비밀번호를 입력해 주세요.'] });
  });

  it('allows five tries a minute per e-mail and address, then 429 with the wait', async () => {
    const user = await member();
    const client = createTestApp(testDb().database.db).client({ ip: '10.20.0.3' });
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/login', { json: { email: user.email, password: 'wrong' } })).status).toBe(422);
    }
    const limited = await client.post('/login', { json: { email: user.email, password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = createTestApp(testDb().database.db).client({ ip: '10.20.0.4' });
    expect((await elsewhere.post('/login', { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it('keeps a remembered session for the configured days', async () => {
    const user = await member();
    const client = createTestApp(testDb().database.db).client({ ip: '10.20.0.5' });
    const res = await client.post('/login', { form: { email: user.email, password: PASSWORD, remember: 'on' } });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(/Max-Age=2592000/);
  });

  it('answers 409 to an unverified member and refuses a deleted one', async () => {
    const unverified = await member({ emailVerifiedAt: null });
    const client = createTestApp(testDb().database.db).client({ ip: '10.20.0.6' });
    expect((await client.post('/login', { json: { email: unverified.email, password: PASSWORD } })).status).toBe(200);
    const me = await client.get('/api/user');
    expect(me.status).toBe(409);
    const deleted = await member({ deletedAt: new Date() });
    const other = createTestApp(testDb().database.db).client({ ip: '10.20.0.7' });
    expect((await other.post('/login', { json: { email: deleted.email, password: PASSWORD } })).status).toBe(422);
  });

  it('signs out: 204, and the session is gone', async () => {
    const user = await member();
    const client = createTestApp(testDb().database.db).client({ ip: '10.20.0.8' });
    await client.post('/login', { json: { email: user.email, password: PASSWORD } });
    const res = await client.post('/logout');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await client.get('/api/user')).status).toBe(401);
  });
});
