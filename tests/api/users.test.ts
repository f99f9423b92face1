import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

describe('GET /api/users/{id}', () => {
  it('shows a member to anyone without e-mail or phone', async () => {
    const member = await createMember(testDb().database.db, { introduction: '안녕하세요', phone: '01011112222' });
    const res = await createTestApp(testDb().database.db).client().get(`/api/users/${member.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: member.id,
      nickname: member.nickname,
      username: member.username,
      profile_image: null,
      introduction: '안녕하세요',
      created_at: expect.stringMatching(/Z$/),
    });
    expect(res.text).not.toContain(member.email);
    expect(res.text).not.toContain('01011112222');
  });

  it('answers 404 for an unknown id, a malformed one and a deleted member', async () => {
    const client = createTestApp(testDb().database.db).client();
    expect((await client.get('/api/users/999999')).status).toBe(404);
    expect((await client.get('/api/users/abc')).status).toBe(404);
    // Past the id column's range: a miss, not a database error.
    expect((await client.get('/api/users/99999999999')).status).toBe(404);
    expect((await client.get('/api/users/1e3')).status).toBe(404);
    const db = testDb().database.db;
    const member = await createMember(db);
    const { token } = await createSession(db, { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const self = createTestApp(db).client({ ip: '10.70.0.1' });
    self.cookies.set('session', token);
    await self.post('/api/me', { json: { _method: 'DELETE', reason: '쉬어 갈래요' } });
    const gone = await client.get(`/api/users/${member.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: '탈퇴한 회원입니다.' });
  });
});

describe('one member cannot change another', () => {
  it('has no way to name another member in a profile update', async () => {
    const db = testDb().database.db;
    const victim = await createMember(db);
    const attacker = await createMember(db);
    const { token } = await createSession(db, { userId: attacker.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const client = createTestApp(db).client({ ip: '10.70.0.2' });
    client.cookies.set('session', token);
    const res = await client.post('/api/me', { json: { _method: 'PUT', id: victim.id, user_id: victim.id, nickname: '바꿔치기' } });
    expect(res.body.data.id).toBe(attacker.id);
    const victimNow = await client.get(`/api/users/${victim.id}`);
    expect(victimNow.body.data.nickname).toBe(victim.nickname);
    expect((await client.post(`/api/users/${victim.id}`, { json: { _method: 'PUT', nickname: 'x' } })).status).toBe(404);
  });
});
